import { describe, expect, it } from 'vitest';
import type { CheckoutOrderCreate } from '../schemas/checkout-order.schema';
import { checkOrderRules } from './checkout-order-rules';

const urls = {
  terms: 'https://shop.test/terms',
  checkout: 'https://shop.test/checkout',
  confirmation: 'https://shop.test/confirm',
  push: 'https://shop.test/push',
};
const option = (id: string, preselected?: boolean) => ({
  id,
  name: id,
  price: 0,
  tax_amount: 0,
  tax_rate: 0,
  ...(preselected === undefined ? {} : { preselected }),
});
const order = (over: Partial<CheckoutOrderCreate> = {}): CheckoutOrderCreate =>
  ({
    purchase_country: 'SE',
    purchase_currency: 'SEK',
    locale: 'sv-SE',
    order_amount: 10000,
    order_tax_amount: 2000,
    order_lines: [
      {
        name: 'a',
        quantity: 1,
        unit_price: 10000,
        tax_rate: 2500,
        total_amount: 10000,
        total_tax_amount: 2000,
      },
    ],
    merchant_urls: urls,
    ...over,
  }) as CheckoutOrderCreate;
const paths = (o: CheckoutOrderCreate) => checkOrderRules(o).map((p) => p.path);

describe('checkOrderRules: what the create body cannot say field by field', () => {
  it('a cart that reconciles, with no options, has no problem', () => {
    expect(checkOrderRules(order())).toEqual([]);
  });

  it("includes the cart's arithmetic", () => {
    expect(paths(order({ order_amount: 9999 }))).toEqual(['order_amount']);
  });

  it('address_update and its older name shipping_address_update, never both; either alone is fine', () => {
    const both = order({
      merchant_urls: {
        ...urls,
        address_update: 'https://shop.test/a',
        shipping_address_update: 'https://shop.test/a',
      },
    });
    expect(checkOrderRules(both)).toEqual([
      {
        path: 'merchant_urls.shipping_address_update',
        message: 'set address_update or its older name shipping_address_update, never both',
      },
    ]);
    expect(
      checkOrderRules(order({ merchant_urls: { ...urls, address_update: 'https://shop.test/a' } })),
    ).toEqual([]);
    expect(
      checkOrderRules(order({ merchant_urls: { ...urls, shipping_address_update: 'https://shop.test/a' } })),
    ).toEqual([]);
  });

  it('exactly one shipping option preselected: none and two are refused, naming the count', () => {
    expect(checkOrderRules(order({ shipping_options: [option('a', true), option('b')] }))).toEqual([]);
    expect(checkOrderRules(order({ shipping_options: [option('a', false), option('b')] }))).toEqual([
      { path: 'shipping_options', message: 'exactly one option must be preselected, found 0' },
    ]);
    expect(checkOrderRules(order({ shipping_options: [option('a', true), option('b', true)] }))).toEqual([
      { path: 'shipping_options', message: 'exactly one option must be preselected, found 2' },
    ]);
  });

  it('an empty options list asks for no preselection', () => {
    expect(checkOrderRules(order({ shipping_options: [] }))).toEqual([]);
  });

  it('names each repeated option id at its index', () => {
    expect(
      checkOrderRules(
        order({ shipping_options: [option('a', true), option('b'), option('a'), option('a')] }),
      ),
    ).toEqual([
      { path: 'shipping_options[2].id', message: "duplicate id 'a'" },
      { path: 'shipping_options[3].id', message: "duplicate id 'a'" },
    ]);
  });
});
