/** @jsxImportSource preact */
import type { CustomerView } from '@shared/schemas/customer.schema';
import { cartLines, hasShipping, lineText, money, shippingRow } from './format';

/** The order: its lines and what the customer pays, following the order live. */
export function Cart({ view, title = 'Your order' }: { view: CustomerView; title?: string }) {
  const currency = view.purchase_currency;
  const t = view.totals;
  return (
    <section class="cart" aria-labelledby="kco-cart-title" data-testid="kco-cart">
      <h2 id="kco-cart-title" class="cart-title">
        {title}
      </h2>
      <ul class="lines">
        {cartLines(view).map((l, i) => {
          const x = lineText(l, currency);
          return (
            <li
              key={`${l.reference ?? ''}-${i}`}
              class="line"
              data-testid="kco-line"
              data-reference={l.reference}
            >
              <span class="line-name" data-testid="kco-line-name">
                {x.name}
              </span>
              <span class="line-total amount" data-testid="kco-line-total">
                {x.total}
              </span>
              <span class="line-qty" data-testid="kco-line-quantity">
                {x.quantity}
              </span>
              {x.discount && (
                <span class="line-discount" data-testid="kco-line-discount">
                  {x.discount}
                </span>
              )}
            </li>
          );
        })}
      </ul>
      <dl class="totals">
        <div class="total-row">
          <dt>Subtotal</dt>
          <dd class="amount" data-testid="kco-subtotal">
            {money(t.items, currency)}
          </dd>
        </div>
        {hasShipping(view) && (
          <div class="total-row">
            <dt>
              Shipping
              {t.shipping_added_at_completion && (
                <span class="muted small" data-testid="kco-shipping-later">
                  {' '}
                  (added when you pay)
                </span>
              )}
            </dt>
            <dd class="amount" data-testid="kco-shipping-total">
              {shippingRow(view)}
            </dd>
          </div>
        )}
        <div class="total-row grand-total">
          <dt>Total</dt>
          <dd class="amount" data-testid="kco-total" aria-live="polite">
            {money(t.total, currency)}
          </dd>
        </div>
        <div class="total-row tax-row">
          <dt>Including tax</dt>
          <dd class="amount" data-testid="kco-tax">
            {money(t.tax, currency)}
          </dd>
        </div>
      </dl>
    </section>
  );
}
