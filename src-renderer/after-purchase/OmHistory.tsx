import type { OmAction } from '@shared/schemas/om-updates.schema';
import type { OmView } from '@shared/schemas/order-management.schema';
import { formatWhen } from '../format/time';
import { SimDefinedBadge } from '../ui/SimDefinedBadge';

const LABEL: Record<OmAction, string> = {
  acknowledged: 'Acknowledged',
  merchant_references: 'References',
  captured: 'Capture',
  refunded: 'Refund',
  cancelled: 'Cancelled',
  authorization_updated: 'Amount updated',
  authorization_extended: 'Extension',
  authorization_released: 'Release',
  customer_details: 'Customer',
  shipping_info: 'Shipping info',
  capture_shipping_info: 'Shipping info',
  send_out: 'Send-out',
  due_date_extended: 'Due date',
  fraud_resolved: 'Fraud review',
  upsell: 'Upsell',
  expired: 'Expired',
};

/** What happened to the order after the purchase, oldest first (the simulator's own record). */
export function OmHistory({ view }: { view: OmView }) {
  const entries = view.history;
  return (
    <section className="om-section" data-testid="om-history" data-count={entries.length}>
      <h3>
        History <SimDefinedBadge inline />
      </h3>
      {entries.length === 0 ? (
        <p className="muted" data-testid="om-history-empty">
          Nothing yet: captures, refunds, extensions, releases and the other changes show here.
        </p>
      ) : (
        <ol className="om-history">
          {entries.map((h, i) => (
            <li key={i} data-testid="om-history-entry" data-action={h.action}>
              <span className="mono small muted">{formatWhen(h.at)}</span>{' '}
              <span className="badge">{LABEL[h.action]}</span> <span>{h.detail}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
