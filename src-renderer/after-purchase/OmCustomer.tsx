import type { Address } from '@shared/schemas/checkout-order.schema';
import type { OmView } from '@shared/schemas/order-management.schema';
import { ShipmentList } from './OmCaptures';

/** One address in a few lines: name, street, town, e-mail and phone. */
function AddressLines({ address, testId }: { address: Address | undefined; testId: string }) {
  if (!address) return <p className="muted">None.</p>;
  const name = [address.given_name, address.family_name].filter(Boolean).join(' ');
  const town = [address.postal_code, address.city, address.country].filter(Boolean).join(' ');
  return (
    <address className="om-address selectable" data-testid={testId}>
      {name && <div>{name}</div>}
      {address.street_address && <div>{address.street_address}</div>}
      {address.street_address2 && <div>{address.street_address2}</div>}
      {town && <div>{town}</div>}
      {address.email && (
        <div className="mono small" data-testid={`${testId}-email`}>
          {address.email}
        </div>
      )}
      {address.phone && (
        <div className="mono small" data-testid={`${testId}-phone`}>
          {address.phone}
        </div>
      )}
    </address>
  );
}

/** The customer as order management holds it: addresses, customer fields, merchant_data, the order's shipments. */
export function OmCustomer({ view }: { view: OmView }) {
  const o = view.order;
  const customer = Object.entries(o.customer).filter(([, v]) => typeof v === 'string');
  return (
    <section className="om-section" data-testid="om-customer">
      <h3>Customer and shipping</h3>
      <div className="om-addresses">
        <div>
          <h4>Shipping address</h4>
          <AddressLines address={o.shipping_address} testId="om-shipping-address" />
        </div>
        <div>
          <h4>Billing address</h4>
          <AddressLines address={o.billing_address} testId="om-billing-address" />
        </div>
      </div>
      <dl className="kv kv-wide">
        {customer.map(([k, v]) => (
          <div key={k} className="kv-row">
            <dt className="mono">customer.{k}</dt>
            <dd className="mono selectable">{String(v)}</dd>
          </div>
        ))}
        <div className="kv-row">
          <dt className="mono">merchant_data</dt>
          <dd className={o.merchant_data ? 'mono selectable' : 'muted'} data-testid="om-merchant-data">
            {o.merchant_data ?? 'not set at checkout'}
          </dd>
        </div>
      </dl>
      <h4>Shipping info of the order</h4>
      {o.shipping_info.length === 0 ? (
        <p className="muted" data-testid="om-order-shipping-none">
          None (a capture’s shipments are listed with the capture).
        </p>
      ) : (
        <ShipmentList items={o.shipping_info} testId="om-order-shipping" />
      )}
    </section>
  );
}
