import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { CustomerView } from '@shared/schemas/customer.schema';
import { useControlApi } from '../api/ControlApiContext';
import { queryKeys } from '../api/queries';
import { ErrorSummary } from '../form/ErrorSummary';
import { toFormErrors } from '../form/problems';

/**
 * The merchant's additional checkboxes beside pay, as the customer answers them in the checkout: each
 * change is the customer's (session.checkbox) and the order's merchant_requested follows. A required box
 * left unchecked makes pay refused, so it is said here before pay is pressed.
 */
export function CheckboxAnswers({
  orderId,
  boxes,
  disabled,
  onChange,
}: {
  orderId: string;
  boxes: CustomerView['checkboxes'];
  disabled: boolean;
  /** A box changed: a refusal of pay shown for the boxes as they were no longer holds. */
  onChange: () => void;
}) {
  const api = useControlApi();
  const client = useQueryClient();
  // What the customer just clicked, shown at once until the simulator's answer replaces it (or, refused,
  // the box goes back).
  const [clicked, setClicked] = useState<Record<string, boolean>>({});
  const forget = (key: string) => setClicked(({ [key]: _gone, ...rest }) => rest);
  const toggle = useMutation({
    mutationFn: (b: { key: string; checked: boolean }) => api.invoke('session.checkbox', { orderId, ...b }),
    onSuccess: (view) => client.setQueryData(queryKeys.customerView(orderId), view),
    onSettled: (_view, _err, b) => {
      forget(b.key);
      void client.invalidateQueries({ queryKey: queryKeys.session(orderId) });
      void client.invalidateQueries({ queryKey: queryKeys.order(orderId) });
    },
  });
  if (boxes.length === 0) return null;
  const shown = boxes.map((b) => ({ ...b, checked: clicked[b.key] ?? b.checked }));
  const missing = shown.filter((b) => b.required && !b.checked);
  return (
    <fieldset className="checkbox-answers" data-testid="pay-checkboxes">
      <legend>
        The merchant’s checkboxes <span className="mono muted small">merchant_requested</span>
      </legend>
      {shown.map((b) => (
        <label key={b.key} className="check" data-testid={`pay-checkbox-${b.key}`}>
          <input
            type="checkbox"
            checked={b.checked}
            disabled={disabled}
            onChange={(e) => {
              setClicked((c) => ({ ...c, [b.key]: e.target.checked }));
              onChange();
              toggle.mutate({ key: b.key, checked: e.target.checked });
            }}
          />
          {b.text}
          {b.required && <span className="badge badge-inline">required</span>}
        </label>
      ))}
      {missing.length > 0 && (
        <p className="hint" data-testid="pay-checkboxes-missing">
          Pay is refused until the customer checks {missing.map((b) => `“${b.text}”`).join(', ')}.
        </p>
      )}
      <ErrorSummary errors={toFormErrors(toggle.error)} testId="pay-checkboxes-error" />
    </fieldset>
  );
}
