import { z } from 'zod';
import { AddressSchema, OrderLineSchema } from '@shared/schemas/checkout-order.schema';

/**
 * What the order page needs from `orders.get`, which is typed loosely by the contract (the order as the API
 * returns it). Parsing here means a page never renders from a shape it did not check.
 */
export const OrderViewSchema = z.looseObject({
  order_id: z.string(),
  status: z.string(),
  purchase_country: z.string(),
  purchase_currency: z.string(),
  locale: z.string().optional(),
  order_amount: z.int(),
  order_tax_amount: z.int(),
  order_lines: z.array(OrderLineSchema),
  merchant_urls: z.record(z.string(), z.string()).optional(),
  billing_address: AddressSchema.optional(),
  shipping_address: AddressSchema.optional(),
  merchant_reference1: z.string().optional(),
  merchant_reference2: z.string().optional(),
  started_at: z.string().optional(),
  last_modified_at: z.string().optional(),
  expires_at: z.string().optional(),
  completed_at: z.string().optional(),
});
export type OrderView = z.infer<typeof OrderViewSchema>;

/** The order's facts as label/value pairs, skipping the ones it does not have. */
export function orderFacts(order: OrderView): Array<[label: string, value: string, kind: 'time' | 'text']> {
  const facts: Array<[string, string | undefined, 'time' | 'text']> = [
    ['Country', order.purchase_country, 'text'],
    ['Currency', order.purchase_currency, 'text'],
    ['Locale', order.locale, 'text'],
    ['Reference 1', order.merchant_reference1, 'text'],
    ['Reference 2', order.merchant_reference2, 'text'],
    ['Started', order.started_at, 'time'],
    ['Last modified', order.last_modified_at, 'time'],
    ['Completed', order.completed_at, 'time'],
    ['Expires', order.expires_at, 'time'],
  ];
  return facts.filter((f): f is [string, string, 'time' | 'text'] => f[1] !== undefined && f[1] !== '');
}

/** Address fields in reading order, as lines of text. */
export function addressLines(a: z.infer<typeof AddressSchema>): string[] {
  const name = [a.title, a.given_name, a.family_name].filter(Boolean).join(' ');
  const city = [a.postal_code, a.city].filter(Boolean).join(' ');
  return [
    a.organization_name,
    name,
    a.care_of ? `c/o ${a.care_of}` : undefined,
    a.street_address,
    a.street_address2,
    city,
    a.region,
    a.country?.toUpperCase(),
    a.email,
    a.phone,
  ].filter((l): l is string => typeof l === 'string' && l !== '');
}
