import { formatWhen } from '../format/time';
import { formatRoute } from '../router/routes';
import { SimDefinedBadge } from '../ui/SimDefinedBadge';
import { StatusBadge } from '../ui/StatusBadge';
import { TimelineCard } from '../timeline/TimelineCard';
import { useOmOrder } from '../api/after-purchase-queries';
import { type AfterPurchaseProps, UpsellPanel } from './UpsellPanel';
import './after-purchase-step.css';

/**
 * The after-purchase step of a session, below its sentence: the confirmation page's upsell, where order
 * management stands, and the push timeline (the whole view, with the clock, is one click away).
 */
export function AfterPurchaseExtras({ orderId, view, currency, onResult }: AfterPurchaseProps) {
  return (
    <div className="after-extras" data-testid="after-extras">
      <UpsellPanel orderId={orderId} view={view} currency={currency} onResult={onResult} />
      <div className="after-timeline">
        <div className="after-timeline-head">
          <h3>
            Push timeline
            <SimDefinedBadge inline />
          </h3>
          <OmLine orderId={orderId} />
          <span className="spacer" />
          <a
            className="btn btn-small"
            href={formatRoute({ name: 'order-timeline', orderId })}
            data-testid="after-timeline-link"
          >
            Clock, attempts and order management →
          </a>
        </div>
        <TimelineCard orderId={orderId} />
      </div>
    </div>
  );
}

/** Order management in one line: status, fraud status, acknowledgement. */
function OmLine({ orderId }: { orderId: string }) {
  const om = useOmOrder(orderId);
  if (!om.data) return null;
  const o = om.data.order;
  return (
    <span className="om-line small" data-testid="after-om-line">
      <StatusBadge status={o.status} testId="after-om-status" />
      <span
        className={`badge ${o.fraud_status === 'PENDING' ? 'badge-pending' : o.fraud_status === 'REJECTED' ? 'badge-bad' : 'badge-ok'}`}
      >
        fraud {o.fraud_status}
      </span>
      <span className="muted">
        {om.data.acknowledged_at ? `acknowledged ${formatWhen(om.data.acknowledged_at)}` : 'not acknowledged'}
      </span>
    </span>
  );
}
