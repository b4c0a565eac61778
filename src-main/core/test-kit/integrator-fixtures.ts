import { createHash } from 'node:crypto';
import type { ShippingOption } from '@shared/schemas/integrator.schema';

/*
 * Request bodies for tests of the fake integrator (and of the shipping assistant against it): valid by
 * default, each part replaceable.
 */

export const SESSION_ID = '6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f';

export const fullRecipient = (over: Record<string, unknown> = {}) => ({
  given_name: 'Alva',
  family_name: 'Lind',
  street_address: 'Sveavägen 12',
  postal_code: '113 50',
  city: 'Stockholm',
  country: 'SE',
  phone: '+46701234567',
  email: 'alva@example.com',
  customer_type: 'person',
  ...over,
});

/** One physical line of `weightG` grams per unit, with line tags. */
export const line = (weightG = 1200, tags: string[] = [], over: Record<string, unknown> = {}) => ({
  type: 'physical',
  reference: '19-402',
  quantity: 1,
  unit_price: 25_000,
  tax_rate: 2500,
  total_tax_amount: 5_000,
  total_price_including_tax: 25_000,
  total_discount_amount: 0,
  attributes: { weight: weightG, tags },
  ...over,
});

export const order = (over: Record<string, unknown> = {}) => ({
  id: 'ord-1',
  total_amount: 25_000,
  total_tax: 5_000,
  total_amount_without_shipping_fee: 25_000,
  total_tax_without_shipping_fee: 5_000,
  tags: [],
  lines: [line()],
  ...over,
});

export const optionsRequest = (over: Record<string, unknown> = {}) => ({
  session_id: SESSION_ID,
  locale: 'sv-SE',
  currency: 'SEK',
  geoblocking: false,
  recipient: fullRecipient(),
  order: order(),
  ...over,
});

/** The selection a shipping assistant sends for an offered option (with its first location, if any). */
export const selectionOf = (o: ShippingOption, over: Record<string, unknown> = {}) => ({
  id: o.id,
  name: o.name,
  type: o.type,
  class: o.class,
  carrier: o.carrier,
  price: o.price,
  tax_rate: o.tax_rate,
  addons: (o.addons ?? []).map((a) => ({ ...a, data: { selected: a.default ?? false } })),
  valid: true,
  ...(o.locations?.[0] ? { location: { id: o.locations[0].id } } : {}),
  ...over,
});

export const shipmentRequest = (o: ShippingOption, over: Record<string, unknown> = {}) => {
  const { shipping_option_over, ...rest } = over as { shipping_option_over?: Record<string, unknown> };
  return {
    session_id: SESSION_ID,
    locale: 'sv-SE',
    currency: 'SEK',
    recipient: fullRecipient(),
    order: order(),
    selected_shipping_option: selectionOf(o, shipping_option_over),
    ...rest,
  };
};

/** An auth body: digest = hex SHA-256 of nonce + key. */
export function authBody(identifier: string, key: string, nonce = 'nonce-123', upper = false) {
  const digest = createHash('sha256')
    .update(nonce + key)
    .digest('hex');
  return { identifier, secret: { nonce, digest: upper ? digest.toUpperCase() : digest } };
}
