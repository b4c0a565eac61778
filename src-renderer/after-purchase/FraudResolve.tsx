import { type FraudResolveResult } from '@shared/contract/after-purchase-ops';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useControlApi } from '../api/ControlApiContext';
import { formatRoute } from '../router/routes';
import { ErrorSummary } from '../form/ErrorSummary';
import { toFormErrors } from '../form/problems';
import { apKeys } from '../api/after-purchase-queries';

/** The two ends of a review: the status sent, its button's look, test id and words. */
const DECISIONS = [
  ['ACCEPTED', 'btn btn-primary', 'fraud-accept', 'Accept (FRAUD_RISK_ACCEPTED)'],
  ['REJECTED', 'btn btn-danger', 'fraud-reject', 'Reject (FRAUD_RISK_REJECTED)'],
] as const;

/** A pending fraud review, resolved as the service would: order management follows, then `notification`. */
export function FraudResolve({ orderId, pending }: { orderId: string; pending: boolean }) {
  const api = useControlApi();
  const client = useQueryClient();
  const resolve = useMutation({
    mutationFn: (fraud_status: 'ACCEPTED' | 'REJECTED') =>
      api.invoke('om.fraud.resolve', { orderId, fraud_status }),
    onSuccess: (result) => {
      client.setQueryData(apKeys.omOrder(orderId), result.order);
      void client.invalidateQueries({ queryKey: apKeys.pushTimeline(orderId) });
    },
  });
  if (!pending && !resolve.data && !resolve.error) return null;
  return (
    <div className="om-fraud" data-testid="fraud-resolve">
      {pending && (
        <div className="notice notice-warn">
          <strong>Fraud review pending.</strong> Goods must not be released while fraud_status is PENDING.
          Resolve the review as the service would; your server then gets the{' '}
          <span className="mono">notification</span> callback (if registered) and reads the new state from
          order management.
          <div className="form-actions">
            {DECISIONS.map(([status, className, testId, label]) => (
              <button
                key={status}
                type="button"
                className={className}
                disabled={resolve.isPending}
                onClick={() => resolve.mutate(status)}
                data-testid={testId}
              >
                {label}
              </button>
            ))}
          </div>
        </div>
      )}
      {resolve.data && <ResolveResult result={resolve.data} orderId={orderId} />}
      <ErrorSummary errors={toFormErrors(resolve.error)} testId="fraud-error" />
    </div>
  );
}

function ResolveResult({ result, orderId }: { result: FraudResolveResult; orderId: string }) {
  const n = result.notification;
  const ok = n.sent && n.outcome === 'delivered';
  return (
    <div
      className={`notice ${ok ? 'notice-ok' : n.sent ? 'notice-warn' : ''}`}
      data-testid="fraud-result"
      role="status"
    >
      <div className="selectable" data-testid="fraud-result-message">
        {result.message}
      </div>
      <div className="small" data-testid="fraud-notification" data-sent={n.sent}>
        {n.sent ? (
          <>
            Notification <span className="mono">{n.event_type}</span> → {n.status ?? 'no answer'} ({n.outcome}
            )
            {n.exchange_id && (
              <>
                {' · '}
                <a className="mono" href={formatRoute({ name: 'log', orderId, exchangeId: n.exchange_id })}>
                  {n.exchange_id}
                </a>
              </>
            )}
          </>
        ) : (
          <>
            No notification URL registered: <span className="mono">{n.event_type}</span> was not sent.
          </>
        )}
      </div>
    </div>
  );
}
