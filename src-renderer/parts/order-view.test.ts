import { describe, expect, it } from 'vitest';
import { addressLines, orderFacts, OrderViewSchema } from './order-view';

const order = {
  order_id: 'o1',
  status: 'checkout_incomplete',
  purchase_country: 'SE',
  purchase_currency: 'SEK',
  locale: 'sv-SE',
  order_amount: 50000,
  order_tax_amount: 10000,
  order_lines: [
    {
      name: 'x',
      quantity: 1,
      unit_price: 50000,
      tax_rate: 2500,
      total_amount: 50000,
      total_tax_amount: 10000,
    },
  ],
  started_at: '2025-01-01T00:00:00Z',
  html_snippet: '<div></div>',
};

describe('OrderViewSchema', () => {
  it('accepts an order as the API returns it, keeping unknown fields', () => {
    const parsed = OrderViewSchema.parse(order);
    expect(parsed.order_lines).toHaveLength(1);
    expect(parsed.html_snippet).toBe('<div></div>');
  });

  it('rejects an order without lines', () => {
    expect(OrderViewSchema.safeParse({ ...order, order_lines: undefined }).success).toBe(false);
  });
});

describe('orderFacts', () => {
  it('lists only the facts the order has', () => {
    const facts = orderFacts(OrderViewSchema.parse(order)).map(([label]) => label);
    expect(facts).toEqual(['Country', 'Currency', 'Locale', 'Started']);
  });
});

describe('addressLines', () => {
  it('writes an address in reading order', () => {
    expect(
      addressLines({
        given_name: 'Testperson-se',
        family_name: 'Approved',
        street_address: 'Stårgatan 1',
        postal_code: '12345',
        city: 'Ankeborg',
        country: 'se',
        email: 'a@b.se',
      }),
    ).toEqual(['Testperson-se Approved', 'Stårgatan 1', '12345 Ankeborg', 'SE', 'a@b.se']);
  });
});
