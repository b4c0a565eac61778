import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';

/**
 * A button for an action that cannot be undone: the first click asks, the second does it. Test ids:
 * `testId` for the button, `${testId}-confirm` and `${testId}-cancel` for the two answers.
 */
export function ConfirmButton({
  label,
  question,
  confirmLabel,
  cancelLabel,
  testId,
  run,
  onSettled,
  danger = false,
  small = false,
}: {
  label: string;
  /** Said beside the two answers, when the buttons alone do not say enough. */
  question?: string;
  confirmLabel: string;
  cancelLabel: string;
  testId: string;
  run: () => Promise<unknown>;
  onSettled?: () => void;
  /** Whether the first button already looks dangerous (the confirm button always does). */
  danger?: boolean;
  small?: boolean;
}) {
  const [confirming, setConfirming] = useState(false);
  const action = useMutation({ mutationFn: run, onSuccess: () => setConfirming(false), onSettled });
  const size = small ? ' btn-small' : '';
  if (!confirming) {
    return (
      <button
        type="button"
        className={`btn${danger ? ' btn-danger' : ''}${size}`}
        onClick={() => setConfirming(true)}
        data-testid={testId}
      >
        {label}
      </button>
    );
  }
  return (
    <span className="row-actions inline" role="group" aria-label={`Confirm: ${label}`}>
      {question && <span className="small">{question}</span>}
      <button
        type="button"
        className={`btn btn-danger${size}`}
        onClick={() => action.mutate()}
        disabled={action.isPending}
        data-testid={`${testId}-confirm`}
      >
        {confirmLabel}
      </button>
      <button
        type="button"
        className={`btn${size}`}
        onClick={() => setConfirming(false)}
        data-testid={`${testId}-cancel`}
      >
        {cancelLabel}
      </button>
      {action.error && <span className="field-error">{action.error.message}</span>}
    </span>
  );
}
