import { type CustomerView } from '@shared/schemas/customer.schema';
import { useMoney } from '../format/MoneyLocale';

/**
 * What the customer is about to pay, as the checkout shows it before pay: the items, the chosen option's
 * shipping fee (a fee line the merchant added, or the option's price the simulator adds at completion)
 * and the total.
 */
export function CustomerTotals({ view }: { view: CustomerView }) {
  const fmtMoney = useMoney();
  const t = view.totals;
  const money = (n: number) => fmtMoney(n, view.purchase_currency);
  const option = view.selected_shipping_option;
  return (
    <dl className="customer-totals" data-testid="customer-totals">
      <div>
        <dt>Items</dt>
        <dd data-testid="customer-totals-items">{money(t.items)}</dd>
      </div>
      <div>
        <dt>
          Shipping{option ? `: ${option.name}` : ''}
          {t.shipping_added_at_completion && (
            <span className="muted small customer-totals-note">
              added as a shipping_fee line when the purchase completes
            </span>
          )}
        </dt>
        <dd data-testid="customer-totals-shipping">{money(t.shipping)}</dd>
      </div>
      <div className="customer-totals-total">
        <dt>Total</dt>
        <dd data-testid="customer-totals-total">{money(t.total)}</dd>
      </div>
    </dl>
  );
}

/** Warnings for whoever drives the checkout (not the customer), e.g. a fee the merchant's answer left out. */
export function CustomerWarnings({ warnings }: { warnings: readonly string[] }) {
  if (warnings.length === 0) return null;
  return (
    <div className="notice notice-warn customer-warnings" role="note" data-testid="customer-warnings">
      {warnings.map((w, i) => (
        <p key={i} className="customer-warning" data-testid="customer-warning">
          ⚠ {w}
        </p>
      ))}
    </div>
  );
}
