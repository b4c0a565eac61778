// The in-session callbacks over real HTTP: startShop against a fake provider API, called the way the
// checkout calls them (POST, JSON, the order id in the query string).
import { describe, expect, it } from 'vitest';
import { buildCart, selectedOption } from '../cart.mjs';
import { MARKETS } from '../catalogue.mjs';
import { GERMAN, sessionBody, useShop } from './harness.mjs';
import { cartProblems } from './reconcile.mjs';

const t = useShop();

describe('address_update and country_change', () => {
  it('reprice a Swedish cart for Germany: EUR, de-DE, a valid cart and German shipping options', async () => {
    for (const name of ['address_update', 'country_change']) {
      const r = await t.callback(name, sessionBody(GERMAN));
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ purchase_currency: 'EUR', locale: 'de-DE' });
      expect(cartProblems(r.body)).toEqual([]);
      const goods = r.body.order_lines.filter((l) => l.type === 'physical');
      expect(goods.map((l) => [l.reference, l.quantity, l.unit_price, l.tax_rate])).toEqual([
        ['wool-socks', 2, 1390, 1900],
        ['enamel-mug', 1, 2190, 1900],
      ]);
      // The customer's choice (home) is kept, preselected, and its German fee is the one fee line.
      expect(r.body.shipping_options.filter((o) => o.preselected).map((o) => o.id)).toEqual(['home']);
      const fees = r.body.order_lines.filter((l) => l.type === 'shipping_fee');
      expect(fees).toEqual([
        expect.objectContaining({ reference: 'home', name: 'DHL home delivery', unit_price: 690 }),
      ]);
      expect(r.body.order_amount).toBe(2502 + 2190 + 690);
    }
  });

  it('leave currency and locale out when the market does not change', async () => {
    const r = await t.callback(
      'address_update',
      sessionBody({ ...GERMAN, country: 'SE', postal_code: '11134' }),
    );
    expect(r.status).toBe(200);
    expect(r.body).not.toHaveProperty('purchase_currency');
    expect(r.body).not.toHaveProperty('locale');
    expect(cartProblems(r.body)).toEqual([]);
    expect(r.body.order_lines[0].unit_price).toBe(14900);
  });

  it('reprice for Finland at 25.5 % VAT and Britain in pounds', async () => {
    const fi = await t.callback('country_change', sessionBody({ country: 'FI' }));
    expect(fi.body).toMatchObject({ purchase_currency: 'EUR', locale: 'fi-FI' });
    expect(fi.body.order_lines.every((l) => l.tax_rate === 2550)).toBe(true);
    expect(cartProblems(fi.body)).toEqual([]);
    const gb = await t.callback('country_change', sessionBody({ country: 'GB' }));
    expect(gb.body).toMatchObject({ purchase_currency: 'GBP', locale: 'en-GB' });
    expect(cartProblems(gb.body)).toEqual([]);
  });

  it('refuse postal code 00000 with an address_error the customer can read', async () => {
    const r = await t.callback('address_update', sessionBody({ ...GERMAN, postal_code: '00000' }));
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      error_type: 'address_error',
      error_text: 'We cannot deliver to postal code 00000. Please check the address.',
    });
  });

  it('refuse a country the shop has no market for', async () => {
    const r = await t.callback('country_change', sessionBody({ country: 'US' }));
    expect(r.status).toBe(400);
    expect(r.body.error_type).toBe('unsupported_shipping_address');
  });

  it('log one line per call', async () => {
    await t.callback('address_update', sessionBody(GERMAN), 'order-77');
    expect(t.log.lines.filter((l) => l.includes('address_update order-77 → 200'))).toHaveLength(1);
  });
});

describe('shipping_option_update', () => {
  it('answers the cart with exactly one shipping_fee line for the selected option', async () => {
    const body = sessionBody(GERMAN);
    const de = await t.callback('country_change', body); // the cart as it is in Germany, with a fee line
    const express = de.body.shipping_options.find((o) => o.id === 'express');
    const r = await t.callback('shipping_option_update', {
      ...body,
      ...de.body,
      selected_shipping_option: express,
    });
    expect(r.status).toBe(200);
    expect(cartProblems(r.body)).toEqual([]);
    const fees = r.body.order_lines.filter((l) => l.type === 'shipping_fee');
    expect(fees).toHaveLength(1);
    expect(fees[0]).toMatchObject({
      reference: 'express',
      name: express.name,
      unit_price: express.price,
      tax_rate: express.tax_rate,
      total_tax_amount: express.tax_amount,
    });
    expect(r.body.order_lines.filter((l) => l.type === 'physical')).toHaveLength(2);
  });
});

describe('validation', () => {
  const order = (quantity) => ({
    ...buildCart([{ productId: 'beeswax-candle', quantity }], MARKETS.SE, selectedOption(MARKETS.SE, null)),
    status: 'checkout_incomplete',
    purchase_currency: 'SEK',
  });

  it('allows any quantity while the stock is not limited (the default)', async () => {
    expect(await t.callback('validation', order(500))).toMatchObject({ status: 200, body: {} });
  });

  it('allows a purchase that is in stock', async () => {
    await t.setSwitches({ limitedStock: 'on' });
    const r = await t.callback('validation', order(5)); // the candle starts with 5 in stock
    expect(r).toMatchObject({ status: 200, body: {} });
  });

  it('refuses one that is not with approval_failed and the product’s name', async () => {
    await t.setSwitches({ limitedStock: 'on' });
    const r = await t.callback('validation', order(6));
    expect(r.status).toBe(400);
    expect(r.body.error_type).toBe('approval_failed');
    expect(r.body.error_text).toMatch(/^Sorry, Beeswax candle sold out while you were paying\. Only 5 left/);
  });
});
