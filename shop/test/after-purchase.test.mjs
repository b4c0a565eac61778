// push, notification and the misbehaviour switches over real HTTP, against a fake provider API that
// records what the shop asks of order management.
import { describe, expect, it } from 'vitest';
import { buildCart, selectedOption } from '../cart.mjs';
import { MARKETS } from '../catalogue.mjs';
import { AUTH, browser, eventually } from './fake-api.mjs';
import { GERMAN, sessionBody, useShop } from './harness.mjs';

const t = useShop();

describe('push', () => {
  it('answers 200 before it reads the order, then records, writes the reference and acknowledges once', async () => {
    t.api.managed.set('order-9', {
      order_id: 'order-9',
      order_amount: 100,
      purchase_currency: 'SEK',
      order_lines: [],
    });
    const release = t.api.holdManagedReads();
    // Order management does not answer until release(): a shop that waited for it would not answer.
    const tooLate = new Promise((r) => setTimeout(() => r({ status: 'no answer within 2 s' }), 2000));
    const first = await Promise.race([t.callback('push', undefined, 'order-9'), tooLate]);
    expect(first.status).toBe(200);
    // The answer came before order management answered (it is held): the shop did not wait for it.
    await eventually(() => t.api.callsTo(/GET \/ordermanagement\/v1\/orders\/order-9$/).length === 1);
    expect(t.api.callsTo(/acknowledge/)).toHaveLength(0);
    const second = await t.callback('push', undefined, 'order-9'); // a retry while the first is busy
    expect(second.status).toBe(200);
    release();
    await eventually(() => t.api.callsTo(/acknowledge/).length === 1);
    // One more after it was acknowledged: the service lost the acknowledgement, so it is sent again.
    await t.callback('push', undefined, 'order-9');
    await eventually(() => t.api.callsTo(/acknowledge/).length === 2);
    expect(t.api.callsTo(/ordermanagement/).map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /ordermanagement/v1/orders/order-9',
      'PATCH /ordermanagement/v1/orders/order-9/merchant-references',
      'POST /ordermanagement/v1/orders/order-9/acknowledge',
      'POST /ordermanagement/v1/orders/order-9/acknowledge',
    ]);
    const refs = t.api.callsTo(/merchant-references/)[0];
    expect(refs.body).toEqual({ merchant_reference1: 'SHOP-1001' });
    for (const c of t.api.calls) {
      expect(c.headers.authorization).toBe(AUTH);
      expect(c.headers['content-type']).toBe('application/json');
    }
    const orders = await browser(t.shop.url).get('/orders');
    expect(orders.text).toContain('SHOP-1001');
    expect(orders.text).toMatch(/push first · 3 pushes/);
  });

  it('survives an order it cannot read, and tries again on the next push', async () => {
    const r = await t.callback('push', undefined, 'order-404');
    expect(r.status).toBe(200);
    await eventually(() => t.api.callsTo(/GET \/ordermanagement\/v1\/orders\/order-404/).length === 1);
    t.api.managed.set('order-404', { order_id: 'order-404', order_amount: 1, purchase_currency: 'SEK' });
    await t.callback('push', undefined, 'order-404');
    await eventually(() => t.api.callsTo(/order-404\/acknowledge/).length === 1);
  });
});

describe('notification', () => {
  it('answers 200, then reads the order and keeps its fraud_status', async () => {
    t.api.managed.set('order-5', {
      order_id: 'order-5',
      order_amount: 1,
      purchase_currency: 'SEK',
      fraud_status: 'PENDING',
    });
    await t.callback('push', undefined, 'order-5');
    await eventually(() => t.api.callsTo(/order-5\/acknowledge/).length === 1);
    expect((await browser(t.shop.url).get('/orders')).text).toContain('PENDING (hold the goods)');
    t.api.managed.get('order-5').fraud_status = 'ACCEPTED';
    const r = await t.callback(
      'notification',
      { order_id: 'order-5', event_type: 'FRAUD_RISK_ACCEPTED' },
      'order-5',
    );
    expect(r.status).toBe(200);
    await eventually(async () => {
      const page = (await browser(t.shop.url).get('/orders')).text;
      return page.includes('ACCEPTED') && !page.includes('PENDING');
    });
  });
});

describe('misbehaviour switches', () => {
  it('Slow callbacks holds address_update, country_change and shipping_option_update back', async () => {
    await t.setSwitches({ slow: 'on', slowSeconds: '0.4' });
    for (const name of ['address_update', 'country_change', 'shipping_option_update']) {
      const r = await t.callback(name, sessionBody(GERMAN));
      expect(r.status, name).toBe(200);
      expect(r.ms, name).toBeGreaterThanOrEqual(390);
    }
    await t.setSwitches({});
    expect((await t.callback('address_update', sessionBody(GERMAN))).ms).toBeLessThan(390);
  });

  it('Fail address_update answers 500 (country_change still works)', async () => {
    await t.setSwitches({ failAddress: 'on' });
    expect((await t.callback('address_update', sessionBody(GERMAN))).status).toBe(500);
    expect((await t.callback('country_change', sessionBody(GERMAN))).status).toBe(200);
  });

  it('Wrong arithmetic makes shipping_option_update answer an order_amount off by one', async () => {
    await t.setSwitches({ wrongArithmetic: 'on' });
    const r = await t.callback('shipping_option_update', sessionBody(GERMAN));
    const sum = r.body.order_lines.reduce((s, l) => s + l.total_amount, 0);
    expect(r.body.order_amount).toBe(sum + 1);
  });

  it('Never acknowledge reads and records the order but never acknowledges it', async () => {
    await t.setSwitches({ neverAcknowledge: 'on' });
    t.api.managed.set('order-3', { order_id: 'order-3', order_amount: 1, purchase_currency: 'SEK' });
    await t.callback('push', undefined, 'order-3');
    await t.callback('push', undefined, 'order-3');
    await eventually(() => t.api.callsTo(/GET \/ordermanagement\/v1\/orders\/order-3/).length === 1);
    await new Promise((r) => setTimeout(r, 100));
    expect(t.api.callsTo(/acknowledge|merchant-references/)).toHaveLength(0);
    expect((await browser(t.shop.url).get('/orders')).text).toMatch(/data-testid="order-acknowledged">no</);
  });

  it('Sold out makes validation refuse anything', async () => {
    await t.setSwitches({ soldOut: 'on' });
    const r = await t.callback('validation', {
      ...buildCart([{ productId: 'tea-towel', quantity: 1 }], MARKETS.SE, selectedOption(MARKETS.SE, null)),
    });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error_type: 'approval_failed' });
    expect(r.body.error_text).toMatch(/^Sorry, Linen tea towel sold out while you were paying\./);
  });

  it('are named in a banner on every page while on', async () => {
    const visitor = browser(t.shop.url);
    expect((await visitor.get('/')).text).not.toContain('data-testid="switches-banner"');
    await t.setSwitches({ soldOut: 'on', slow: 'on', slowSeconds: '12' });
    for (const path of ['/', '/cart', '/orders', '/terms', '/switches']) {
      const page = (await visitor.get(path)).text;
      expect(page, path).toMatch(/data-testid="switches-banner"[\s\S]*Slow callbacks \(12 s\), Sold out/);
      expect(page, path).toContain('href="/switches"');
    }
  });
});
