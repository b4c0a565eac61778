import type { OrderLine } from '@shared/schemas/checkout-order.schema';
import type { CustomerView } from '@shared/schemas/customer.schema';
import { formatMinor } from '@shared/rules/money';
import { formatMoneyIn } from '@shared/rules/money-format';
import type { TimeOptions } from '@shared/format/shipping-format';

/** Words and amounts as the checkout shows them. Pure but for the order's locale, so each rule has a test. */

/**
 * The order's locale, which money, days and times are written in (`249,00 kr` for sv-SE, as the real checkout writes it).
 * One frame shows one order, so it is set once from the order's view (main.tsx) rather than threaded through
 * every component; null (tests, no view yet) keeps the plain `249.00 SEK`.
 */
let orderLocale: string | null = null;
export function setOrderLocale(locale: string | null): void {
  orderLocale = locale;
}

/** Days and times in the order's locale (`mån 23 nov., 17:00` for sv-SE); en-GB's form without one. */
export function timeOptions(): TimeOptions {
  return orderLocale ? { locale: orderLocale } : {};
}

const formatAmount = (amount: number, currency: string) =>
  orderLocale ? formatMoneyIn(amount, currency, orderLocale) : formatMinor(amount, currency);

/** An amount in the order's currency. */
export function money(amount: number, currency: string): string {
  return formatAmount(amount, currency);
}

/** A price, or `Free` for a zero shipping price. */
export function priceOrFree(amount: number, currency: string): string {
  return amount === 0 ? 'Free' : formatAmount(amount, currency);
}

const regionNames = (() => {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' });
  } catch {
    return null;
  }
})();

/** `SE` → `Sweden` (the code itself when the browser does not know it). */
export function countryName(code: string): string {
  const c = code.toUpperCase();
  try {
    return regionNames?.of(c) ?? c;
  } catch {
    return c;
  }
}

export interface LineText {
  name: string;
  /** `2 × 250.00 SEK` */
  quantity: string;
  /** What the line costs, discount taken off. */
  total: string;
  /** `−50.00 SEK discount`, when the line has one. */
  discount: string | null;
}

export function lineText(l: OrderLine, currency: string): LineText {
  const unit = l.quantity_unit ? ` ${l.quantity_unit}` : '';
  return {
    name: l.name,
    quantity: `${l.quantity}${unit} × ${formatAmount(l.unit_price, currency)}`,
    total: formatAmount(l.total_amount, currency),
    discount: l.total_discount_amount ? `${formatAmount(-l.total_discount_amount, currency)} discount` : null,
  };
}

/** The lines the cart lists: the shipping fee shows as the shipping row instead. */
export function cartLines(v: CustomerView): OrderLine[] {
  return v.order_lines.filter((l) => l.type !== 'shipping_fee');
}

/** Whether the order ships at all (options offered, an option chosen, or a shipping fee in the cart). */
export function hasShipping(v: CustomerView): boolean {
  return (
    v.shipping.options.length > 0 ||
    v.selected_shipping_option !== null ||
    v.totals.shipping !== 0 ||
    v.order_lines.some((l) => l.type === 'shipping_fee')
  );
}

/** What the shipping row says: the fee, `Free`, or that it is not chosen yet. */
export function shippingRow(v: CustomerView): string {
  const chosen = v.selected_shipping_option !== null || v.order_lines.some((l) => l.type === 'shipping_fee');
  if (!chosen && v.totals.shipping === 0) {
    return v.shipping.options.length > 0 ? 'Choose below' : '—';
  }
  return priceOrFree(v.totals.shipping, v.purchase_currency);
}

/** The pay button's words: `Pay 530.00 SEK`. */
export function payLabel(v: CustomerView): string {
  return `Pay ${formatAmount(v.totals.total, v.purchase_currency)}`;
}
