import { type SessionView } from '@shared/contract/checkout-ops';
import { type OrderLine } from '@shared/schemas/checkout-order.schema';
import { type StepResult } from '@shared/schemas/session.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useControlApi } from '../api/ControlApiContext';
import { queryKeys, useSettings } from '../api/queries';
import { useMoney } from '../format/MoneyLocale';
import { formatRoute } from '../router/routes';
import { ErrorSummary } from '../form/ErrorSummary';
import { toFormErrors } from '../form/problems';
import { SimDefinedBadge } from '../ui/SimDefinedBadge';
import { apKeys } from '../api/after-purchase-queries';

/** The recommendations the confirmation page shows: from the last upsell fetch (this session or earlier). */
export function latestRecommendations(
  history: SessionView['state']['history'],
  justFetched: StepResult | undefined,
): OrderLine[] | null {
  if (justFetched?.upsell_order_lines) return justFetched.upsell_order_lines;
  for (let i = history.length - 1; i >= 0; i--) {
    const h = history[i]!;
    if (h.step === 'upsell') return h.upsell_order_lines ?? [];
  }
  return null;
}

/** What the after-purchase step's parts are given: the order, its session, its currency, where results go. */
export interface AfterPurchaseProps {
  orderId: string;
  view: SessionView;
  currency: string;
  onResult: (result: StepResult) => void;
}

/**
 * The customer's confirmation view with upsell: fetch the merchant's recommendations (`upsell`), add one
 * (`upsell_validation`, then the lines join the order, then `upsell_notification`). Only with upsell enabled.
 */
export function UpsellPanel({ orderId, view, currency, onResult }: AfterPurchaseProps) {
  const fmtMoney = useMoney();
  const settings = useSettings();
  const api = useControlApi();
  const client = useQueryClient();
  const refresh = () => {
    void client.invalidateQueries({ queryKey: queryKeys.session(orderId) });
    void client.invalidateQueries({ queryKey: queryKeys.order(orderId) });
    void client.invalidateQueries({ queryKey: apKeys.omOrder(orderId) });
  };
  const fetch = useMutation({
    mutationFn: () => api.invoke('upsell.fetch', { orderId }),
    onSuccess: onResult,
    onSettled: refresh,
  });
  const accept = useMutation({
    mutationFn: (line: OrderLine) =>
      api.invoke('upsell.accept', { orderId, input: { upsell_order_lines: [line] } }),
    onSuccess: onResult,
    onSettled: refresh,
  });
  if (!settings.data) return null;
  if (!settings.data.upsell_enabled) {
    return (
      <div className="upsell notice" data-testid="upsell-disabled">
        Upsell is disabled for the account: the confirmation page shows no recommendations, and{' '}
        <span className="mono">upsell</span>, <span className="mono">upsell_validation</span> and{' '}
        <span className="mono">upsell_notification</span> are never called.{' '}
        <a href={formatRoute({ name: 'settings' })} data-testid="upsell-settings-link">
          Enable it in the settings
        </a>
        .
      </div>
    );
  }
  const lines = latestRecommendations(view.state.history, fetch.data);
  const busy = fetch.isPending || accept.isPending;
  return (
    <div className="upsell" data-testid="upsell">
      <h3>
        Confirmation page · upsell
        <SimDefinedBadge inline />
      </h3>
      <p className="hint">
        {view.callbacks.upsell ? (
          <>
            Fetching calls your <span className="mono">upsell</span> at{' '}
            <span className="mono wrap-anywhere">{view.callbacks.upsell}</span>; adding a line asks{' '}
            <span className="mono">upsell_validation</span>
            {view.callbacks.upsell_validation ? '' : ' (not registered: allowed without asking)'}, then tells{' '}
            <span className="mono">upsell_notification</span>
            {view.callbacks.upsell_notification ? '' : ' (not registered)'}.
          </>
        ) : (
          <>
            No <span className="mono">upsell</span> URL is registered: there is nothing to recommend.
          </>
        )}
      </p>
      <div className="form-actions">
        <button
          type="button"
          className="btn"
          disabled={busy}
          onClick={() => fetch.mutate()}
          data-testid="upsell-fetch"
        >
          {fetch.isPending ? 'Fetching…' : 'Fetch recommendations'}
        </button>
      </div>
      {lines !== null && (
        <ul className="upsell-lines" data-testid="upsell-lines" data-count={lines.length}>
          {lines.length === 0 && <li className="muted">No recommendations.</li>}
          {lines.map((l, i) => (
            <li key={`${l.reference ?? l.name}-${i}`} className="upsell-line" data-testid="upsell-line">
              <span className="upsell-name">{l.name}</span>
              <span className="muted small">
                {l.quantity} × {fmtMoney(l.unit_price, currency)}
              </span>
              <span className="spacer" />
              <span className="num-font">{fmtMoney(l.total_amount, currency)}</span>
              <button
                type="button"
                className="btn btn-small btn-primary"
                disabled={busy}
                onClick={() => accept.mutate(l)}
                data-testid="upsell-add"
              >
                Add
              </button>
            </li>
          ))}
        </ul>
      )}
      <ErrorSummary errors={toFormErrors(fetch.error ?? accept.error)} testId="upsell-error" />
    </div>
  );
}
