import { type Address } from '@shared/schemas/checkout-order.schema';
import { formatWhen } from '../format/time';
import { addressLines, orderFacts, type OrderView } from './order-view';

/** The order's facts (country, locale, timestamps…) as a compact grid. */
export function OrderFacts({ order }: { order: OrderView }) {
  return (
    <dl className="facts" data-testid="order-facts">
      {orderFacts(order).map(([label, value, kind]) => (
        <div key={label} className="fact">
          <dt>{label}</dt>
          <dd>{kind === 'time' ? formatWhen(value) : value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The merchant's URLs, the callbacks the simulator will call. */
export function MerchantUrls({ urls }: { urls: Record<string, string> }) {
  const entries = Object.entries(urls);
  if (entries.length === 0) return null;
  return (
    <section className="card" data-testid="order-merchant-urls">
      <h2>Merchant URLs</h2>
      <dl className="kv kv-wide">
        {entries.map(([key, url]) => (
          <div key={key} className="kv-row">
            <dt className="mono">{key}</dt>
            <dd className="mono selectable wrap-anywhere">{url}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** Billing and shipping addresses, when the order has them. */
export function Addresses({ billing, shipping }: { billing?: Address; shipping?: Address }) {
  if (!billing && !shipping) return null;
  return (
    <div className="cards-row">
      {billing && <AddressCard title="Billing address" address={billing} testId="order-billing-address" />}
      {shipping && (
        <AddressCard title="Shipping address" address={shipping} testId="order-shipping-address" />
      )}
    </div>
  );
}

function AddressCard({ title, address, testId }: { title: string; address: Address; testId: string }) {
  const lines = addressLines(address);
  return (
    <section className="card" data-testid={testId}>
      <h2>{title}</h2>
      <address>
        {lines.length === 0 ? (
          <span className="muted">empty</span>
        ) : (
          lines.map((l, i) => (
            <div key={i} className="selectable">
              {l}
            </div>
          ))
        )}
      </address>
    </section>
  );
}
