/** @jsxImportSource preact */
import type { CustomerView } from '@shared/schemas/customer.schema';
import { addressSummary } from './address-form';
import { Cart } from './Cart';
import type { CompletionMode } from './exits';
import { countryName, priceOrFree } from './format';
import { selectionSummary } from './receipt-view';
import { Alert, Spinner } from './ui';

/** The confirmation snippet: thank you, what was bought, where it goes and how. */
export function Receipt({ view }: { view: CustomerView }) {
  const billing = addressSummary(view.billing_address, countryName);
  const shipping = addressSummary(view.shipping_address, countryName);
  const sel = view.selected_shipping_option;
  const same = shipping.join('|') === billing.join('|');
  return (
    <div class="receipt" data-testid="kco-confirmation">
      <div class="receipt-head">
        <span class="receipt-mark" aria-hidden="true">
          ✓
        </span>
        <h1>Thank you for your order</h1>
        {view.billing_address?.email && (
          <p class="muted">
            A confirmation is on its way to <strong>{view.billing_address.email}</strong>.
          </p>
        )}
        <p class="muted small" data-testid="kco-receipt-order-id">
          Order {view.order_id}
        </p>
      </div>
      <Cart view={view} title="Order summary" />
      <div class="receipt-grid">
        {billing.length > 0 && (
          <section class="receipt-box" data-testid="kco-receipt-billing">
            <h2>{same ? 'Address' : 'Billing address'}</h2>
            {billing.map((l) => (
              <p key={l}>{l}</p>
            ))}
          </section>
        )}
        {shipping.length > 0 && !same && (
          <section class="receipt-box" data-testid="kco-receipt-shipping">
            <h2>Delivery address</h2>
            {shipping.map((l) => (
              <p key={l}>{l}</p>
            ))}
          </section>
        )}
        {sel && (
          <section class="receipt-box" data-testid="kco-receipt-delivery">
            <h2>Delivery</h2>
            <p>
              {sel.name} · <span class="amount">{priceOrFree(sel.price, view.purchase_currency)}</span>
            </p>
            {selectionSummary(view).map((l) => (
              <p key={l} class="muted">
                {l}
              </p>
            ))}
          </section>
        )}
      </div>
    </div>
  );
}

/** The page was open when the purchase completed: where the redirect stands. */
export function Completion({
  mode,
  view,
  leavingTo,
}: {
  mode: Exclude<CompletionMode, 'receipt'>;
  view: CustomerView;
  leavingTo: string | null;
}) {
  if (mode === 'waiting_for_push') {
    return (
      <div class="completion" data-testid="kco-waiting-for-push">
        <Spinner label="Completing your order" />
        <h1>Completing your order…</h1>
        <p class="muted">
          Simulated: the shop is told by push first; the confirmation page follows once it has answered.
        </p>
      </div>
    );
  }
  if (mode === 'no_redirect') {
    return (
      <div class="completion" data-testid="kco-completed">
        <h1>Your order is complete</h1>
        <Alert
          tone="warn"
          testId="kco-no-redirect"
          title="Simulated: the customer closed the tab before the confirmation page."
        >
          No redirect: only push tells the shop.
        </Alert>
      </div>
    );
  }
  const url = leavingTo ?? view.confirmation?.url ?? '';
  return (
    <div class="completion" data-testid="kco-redirecting">
      <Spinner label="Opening the confirmation" />
      <h1>Thank you! Opening your confirmation…</h1>
      {url && (
        <p class="muted small">
          If nothing happens,{' '}
          <a href={url} target="_top">
            continue to the confirmation page
          </a>
          .
        </p>
      )}
    </div>
  );
}
