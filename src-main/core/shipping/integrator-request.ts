import { createHash } from 'node:crypto';
import type { Address, CheckoutOrder, OrderLine } from '@shared/schemas/checkout-order.schema';

/*
 * The request bodies the shipping assistant sends (spec § Resources): the order with its totals, tags and
 * lines passed through unchanged, and the recipient — only the country for a preview, the whole address
 * once it is known, country and postal code for a location search.
 */

/** What the cart holds: physical items need shipping; a digital one shows the digital-delivery banner. */
export function cartKind(order: CheckoutOrder): { physical: boolean; digital: boolean } {
  // A line without a type is a physical item (the checkout API's default line type).
  const physical = order.order_lines.some((l) => (l.type ?? 'physical') === 'physical');
  const digital = order.order_lines.some((l) => l.type === 'digital');
  return { physical, digital };
}

const isFee = (l: OrderLine) => l.type === 'shipping_fee';
const sum = (lines: OrderLine[], f: (l: OrderLine) => number) => lines.reduce((s, l) => s + f(l), 0);

/** One order line as the spec's § Order line, `attributes` passed through as the merchant set them. */
function lineOf(l: OrderLine): Record<string, unknown> {
  const out: Record<string, unknown> = {
    type: l.type ?? 'physical',
    ...(l.reference !== undefined ? { reference: l.reference } : {}),
    quantity: l.quantity,
    unit_price: l.unit_price,
    tax_rate: l.tax_rate,
    total_tax_amount: l.total_tax_amount,
    total_price_including_tax: l.total_amount,
    total_discount_amount: l.total_discount_amount ?? 0,
  };
  if (l.attributes !== undefined) out.attributes = l.attributes;
  return out;
}

/**
 * The order (spec § Order): `id` is the checkout order_id (GAPS.md); shipping_fee lines are left out
 * of `lines` — the integrator prices shipping itself, and a fee from an earlier choice would feed back.
 */
export function integratorOrder(order: CheckoutOrder): Record<string, unknown> {
  const fees = order.order_lines.filter(isFee);
  const out: Record<string, unknown> = {
    id: order.order_id,
    total_amount: order.order_amount,
    total_tax: order.order_tax_amount,
    total_amount_without_shipping_fee: order.order_amount - sum(fees, (l) => l.total_amount),
    total_tax_without_shipping_fee: order.order_tax_amount - sum(fees, (l) => l.total_tax_amount),
  };
  if (order.tags !== undefined) out.tags = order.tags;
  out.lines = order.order_lines.filter((l) => !isFee(l)).map(lineOf);
  return out;
}

const RECIPIENT_FIELDS = [
  'given_name',
  'family_name',
  'street_address',
  'postal_code',
  'city',
  'country',
  'phone',
  'email',
] as const;

const filled = (s: unknown): s is string => typeof s === 'string' && s.trim() !== '';

/** The address the parcel goes to: the shipping address, else the billing address. */
function deliveryAddress(order: CheckoutOrder): Address {
  return order.shipping_address ?? order.billing_address ?? {};
}

/** The full recipient, or null while street, postal code and city are not all known. */
export function fullRecipient(order: CheckoutOrder): Record<string, string> | null {
  const a = deliveryAddress(order);
  if (!filled(a.street_address) || !filled(a.postal_code) || !filled(a.city)) return null;
  const r: Record<string, string> = {};
  for (const f of RECIPIENT_FIELDS) if (filled(a[f])) r[f] = a[f];
  r.country = (a.country ?? order.purchase_country).toUpperCase();
  const type = (order.customer as { type?: unknown } | undefined)?.type;
  r.customer_type = type === 'organization' ? 'organization' : 'person';
  return r;
}

export const previewRecipient = (order: CheckoutOrder) => ({ country: order.purchase_country.toUpperCase() });

export const searchRecipient = (order: CheckoutOrder, postalCode: string) => ({
  country: order.purchase_country.toUpperCase(),
  postal_code: postalCode,
});

/** Body of POST /shippingoptions (spec § Shipping options request). geoblocking's meaning is not shown: false. */
export function optionsRequestBody(order: CheckoutOrder, sessionId: string, recipient: object): string {
  return JSON.stringify({
    session_id: sessionId,
    locale: order.locale,
    currency: order.purchase_currency,
    geoblocking: false,
    recipient,
    order: integratorOrder(order),
  });
}

/** Body of POST and PUT /shipment (spec § POST /shipment). */
export function shipmentRequestBody(
  order: CheckoutOrder,
  sessionId: string,
  recipient: object,
  selected: object,
): string {
  return JSON.stringify({
    session_id: sessionId,
    locale: order.locale,
    currency: order.purchase_currency,
    recipient,
    order: integratorOrder(order),
    selected_shipping_option: selected,
  });
}

/** A short fingerprint of a request body: equal bodies need no second call. */
export const fingerprint = (body: string): string =>
  createHash('sha1').update(body).digest('base64url').slice(0, 22);
