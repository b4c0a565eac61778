import type { CheckoutOrder } from '@shared/schemas/checkout-order.schema';
import type { SessionState } from '@shared/schemas/session.schema';
import type { UpdatePatch } from '@shared/rules/callback-answers';
import { preselected } from './session-state';

/** The order's own details that an update callback carries and its answer may change, each on its own. */
const ORDER_DETAILS = [
  'locale',
  'merchant_data',
  'merchant_reference1',
  'merchant_reference2',
  'tags',
] as const;

/** Copies each of `keys` that `from` has (not undefined) onto `to`. */
function copyGiven<K extends string>(
  from: Partial<Record<K, unknown>>,
  to: Record<string, unknown>,
  keys: readonly K[],
): void {
  for (const key of keys) if (from[key] !== undefined) to[key] = from[key];
}

/** Request body of address_update, country_change and shipping_option_update (GAPS.md). */
export function updateCallbackBody(order: CheckoutOrder): Record<string, unknown> {
  const body: Record<string, unknown> = {
    order_amount: order.order_amount,
    order_tax_amount: order.order_tax_amount,
    order_lines: order.order_lines,
    billing_address: order.billing_address ?? { country: order.purchase_country },
    shipping_address: order.shipping_address ?? order.billing_address ?? { country: order.purchase_country },
    purchase_currency: order.purchase_currency,
    // `type` defaults to person (the official default) also for orders stored before it was filled in.
    customer: { type: 'person', ...order.customer },
  };
  if (order.selected_shipping_option !== undefined)
    body.selected_shipping_option = order.selected_shipping_option;
  copyGiven(order, body, ORDER_DETAILS);
  return body;
}

/**
 * Applies a 200 answer part by part: options alone change only the options; currency, locale,
 * merchant data and references each on their own; the cart only when whole (checked already).
 * `keepSelection` keeps the customer's pick when the new list still has it (shipping_option_update).
 */
export function applyPatch(
  order: CheckoutOrder,
  state: SessionState,
  patch: UpdatePatch,
  keepSelection: boolean,
): { order: CheckoutOrder; state: SessionState } {
  const next: CheckoutOrder = { ...order };
  let nextState = state;
  if (patch.shipping_options) {
    next.shipping_options = patch.shipping_options;
    nextState = { ...state, shipping_options: patch.shipping_options };
    const kept = keepSelection
      ? patch.shipping_options.find((o) => o.id === order.selected_shipping_option?.id)
      : undefined;
    const chosen = kept ?? preselected(patch.shipping_options);
    if (chosen) next.selected_shipping_option = chosen;
    else delete next.selected_shipping_option;
  }
  copyGiven(patch, next as Record<string, unknown>, ['purchase_currency', ...ORDER_DETAILS]);
  if (patch.cart) {
    next.order_amount = patch.cart.order_amount;
    next.order_tax_amount = patch.cart.order_tax_amount;
    next.order_lines = patch.cart.order_lines;
  }
  return { order: next, state: nextState };
}

/** Adds the shipping_fee line from the selected option, as the service does without shipping_option_update. */
export function withShippingFee(order: CheckoutOrder): { order: CheckoutOrder; note: string | null } {
  const opt = order.selected_shipping_option;
  if (!opt) return { order, note: null };
  if (order.order_lines.some((l) => l.type === 'shipping_fee')) {
    return { order, note: 'The cart already has a shipping_fee line, so none was added.' };
  }
  const line = {
    type: 'shipping_fee' as const,
    reference: opt.id,
    name: opt.name,
    quantity: 1,
    unit_price: opt.price,
    tax_rate: opt.tax_rate,
    total_amount: opt.price,
    total_tax_amount: opt.tax_amount,
  };
  return {
    order: {
      ...order,
      order_lines: [...order.order_lines, line],
      order_amount: order.order_amount + opt.price,
      order_tax_amount: order.order_tax_amount + opt.tax_amount,
    },
    note: `The service added the shipping_fee line '${opt.name}' (${opt.price}) from the selected option, as shipping_option_update is not registered.`,
  };
}
