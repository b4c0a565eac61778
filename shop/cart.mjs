// The cart as the checkout wants it: order lines with exact arithmetic, one market at a time.
//
// Pure functions only (no I/O, no state), so every rule the checkout checks can be tested here:
//   line  total_amount     = quantity × unit_price − total_discount_amount
//   line  total_tax_amount = round(total_amount − total_amount × 10000 / (10000 + tax_rate))
//   order_amount           = Σ line total_amount
//   order_tax_amount       = Σ line total_tax_amount
// The checkout refuses any cart (on create, on update, in every callback answer) that breaks one of them.

import { DEFAULT_SHIPPING_OPTION, findProduct } from './catalogue.mjs';

/**
 * The tax included in a gross amount. Prices here include VAT (as European consumer prices do), so the
 * tax is the part of the total above the net price: total − total / (1 + rate). Rounded to a whole minor
 * unit; the checkout allows ±1, but computing it the same way every time keeps it exact.
 */
export function taxIncluded(totalAmount, taxRate) {
  return Math.round(totalAmount - (totalAmount * 10000) / (10000 + taxRate));
}

/** One product line for a market. The discount stays in total_discount_amount; unit_price is the list price. */
export function productLine(product, quantity, market) {
  const unitPrice = market.prices[product.id];
  const discount = product.discountPercent
    ? Math.round((quantity * unitPrice * product.discountPercent) / 100)
    : 0;
  const total = quantity * unitPrice - discount;
  return {
    type: 'physical',
    // The reference is the product id: callbacks send the lines back, and the shop reprices them by it.
    reference: product.id,
    name: product.name,
    quantity,
    quantity_unit: 'pcs',
    unit_price: unitPrice,
    tax_rate: market.vat,
    total_amount: total,
    total_discount_amount: discount,
    total_tax_amount: taxIncluded(total, market.vat),
  };
}

/**
 * The market's shipping options as the checkout shows them. Exactly one is `preselected` (the checkout
 * refuses a list with none or two): the given id when the market has it, else the market's default.
 * Shipping is taxed at the market's standard VAT rate.
 */
export function shippingOptionsFor(market, selectedId) {
  const keep = market.shipping.some((o) => o.id === selectedId) ? selectedId : DEFAULT_SHIPPING_OPTION;
  return market.shipping.map((o) => ({
    id: o.id,
    name: o.name,
    // `days` is text ('1', '2–4'): only a lone 1 is singular ("1 working day", "1–2 working days").
    description: `Delivered in ${o.days} working day${o.days === '1' ? '' : 's'}`,
    price: o.price,
    tax_rate: market.vat,
    tax_amount: taxIncluded(o.price, market.vat),
    preselected: o.id === keep,
    shipping_method: o.method,
  }));
}

/** The option that is (or will be) selected: the given id if the market has it, else the default. */
export function selectedOption(market, selectedId) {
  return shippingOptionsFor(market, selectedId).find((o) => o.preselected);
}

/** The `shipping_fee` line for a shipping option: its name, price and tax rate; reference = option id. */
export function shippingFeeLine(option) {
  return {
    type: 'shipping_fee',
    reference: option.id,
    name: option.name,
    quantity: 1,
    unit_price: option.price,
    tax_rate: option.tax_rate,
    total_amount: option.price,
    total_discount_amount: 0,
    total_tax_amount: taxIncluded(option.price, option.tax_rate),
  };
}

/** Sums lines into the three cart fields. The checkout applies a cart only when all three are present. */
export function cartOf(lines) {
  return {
    order_amount: lines.reduce((sum, l) => sum + l.total_amount, 0),
    order_tax_amount: lines.reduce((sum, l) => sum + l.total_tax_amount, 0),
    order_lines: lines,
  };
}

/**
 * The whole cart for a market: one line per product with a positive quantity, then exactly one
 * shipping_fee line for the shipping option. The fee is in the cart from the start because this shop
 * registers shipping_option_update, and then the checkout does not add a fee line itself: a cart without
 * one would ship for free.
 * `items` is a list of { productId, quantity }; `shippingOption` an option as shippingOptionsFor() makes
 * them. Returns null for an empty cart: an order needs at least one product line.
 */
export function buildCart(items, market, shippingOption) {
  const lines = [];
  for (const { productId, quantity } of items) {
    const product = findProduct(productId);
    if (product && quantity > 0) lines.push(productLine(product, quantity, market));
  }
  if (lines.length === 0) return null;
  lines.push(shippingFeeLine(shippingOption));
  return cartOf(lines);
}

/**
 * What the customer is buying, read back from order lines a callback sent: product ids and quantities
 * only. Prices, names and tax in the request are never trusted or reused: the shop prices from its own
 * catalogue. Lines the shop does not know (and the old shipping fee) are dropped.
 */
export function itemsFromLines(orderLines = []) {
  return orderLines
    .filter((l) => l.type !== 'shipping_fee' && findProduct(l.reference))
    .map((l) => ({ productId: l.reference, quantity: l.quantity }));
}

/** The country a callback's addresses point at: shipping first (that is where the goods go), else billing. */
export function countryOf(body) {
  return body?.shipping_address?.country ?? body?.billing_address?.country ?? undefined;
}

/**
 * Reprices a callback's cart for a market: same products and quantities, the market's prices and VAT,
 * and the fee of the option the checkout will select once it has the market's option list (the one
 * selected now if the market has it, else the market's default).
 */
export function repriceForMarket(orderLines, market, selectedId) {
  return buildCart(itemsFromLines(orderLines), market, selectedOption(market, selectedId));
}

/** Whether two carts would look the same to the checkout (used to skip needless order updates). */
export function sameCart(a, b) {
  const key = (cart) =>
    JSON.stringify([
      cart.order_amount,
      cart.order_tax_amount,
      cart.order_lines.map((l) => [
        l.type,
        l.reference,
        l.quantity,
        l.unit_price,
        l.tax_rate,
        l.total_amount,
      ]),
    ]);
  return Boolean(a && b) && key(a) === key(b);
}

/**
 * A cart button's effect on a quantity: add and inc add one (never beyond what is in stock), dec takes
 * one away, remove takes all. 0 means "no longer in the cart".
 */
export function nextQuantity(current, action, available) {
  if (action === 'add' || action === 'inc') return Math.min(current + 1, Math.max(available, current));
  if (action === 'dec') return Math.max(current - 1, 0);
  if (action === 'remove') return 0;
  return current;
}
