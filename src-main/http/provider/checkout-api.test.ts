import { describe, expect, it, onTestFinished } from 'vitest';
import { basic, sampleOrder, tempCore } from '../../test-kit/temp-core';
import { providerApp } from './provider-app';
import { apiReq as req, providerAppPerTest } from '../../test-kit/ipp-elements-kit';

const t = providerAppPerTest();

const bodyOf = (r: { body?: string | null }) => JSON.parse(r.body ?? 'null');

describe('POST /checkout/v3/orders', () => {
  it('creates an order: 201, Location, and the order with id, status and snippet', async () => {
    const r = await t.app.handle(
      req('POST', '/checkout/v3/orders', sampleOrder({ custom_field: { kept: true } })),
    );
    expect(r.status).toBe(201);
    const order = bodyOf(r);
    expect(order.order_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(order.status).toBe('checkout_incomplete');
    expect(order.html_snippet).toContain(order.order_id);
    expect(order.custom_field).toEqual({ kept: true });
    expect(r.headers?.Location).toBe(`http://sim.test/checkout/v3/orders/${order.order_id}`);
    const got = await t.app.handle(req('GET', `/checkout/v3/orders/${order.order_id}`));
    expect(got.status).toBe(200);
    expect(bodyOf(got)).toEqual(order);
  });

  it('answers `recurring` on every read order: false when not sent, as sent otherwise, 400 when not a boolean', async () => {
    const plain = bodyOf(await t.app.handle(req('POST', '/checkout/v3/orders', sampleOrder())));
    expect(plain.recurring).toBe(false);
    expect(bodyOf(await t.app.handle(req('GET', `/checkout/v3/orders/${plain.order_id}`))).recurring).toBe(
      false,
    );
    const updated = await t.app.handle(
      req('POST', `/checkout/v3/orders/${plain.order_id}`, { merchant_data: 'x' }),
    );
    expect(bodyOf(updated).recurring).toBe(false);
    const asked = bodyOf(
      await t.app.handle(req('POST', '/checkout/v3/orders', sampleOrder({ recurring: true }))),
    );
    expect(asked.recurring).toBe(true);
    const wrong = await t.app.handle(req('POST', '/checkout/v3/orders', sampleOrder({ recurring: 'yes' })));
    expect(wrong.status).toBe(400);
    expect(bodyOf(wrong).error_messages.join(' ')).toContain('recurring');
  });

  it('embeds the checkout with the order’s customer token and never the merchant’s credentials', async () => {
    // A core whose shell's checkout listener answers on co.test:4703.
    const shelled = tempCore(undefined, () => ({
      mode: 'browser',
      dataDir: '',
      urls: {
        api: 'http://sim.test',
        console: '',
        integrator: '',
        checkout: 'http://co.test:4703',
        shop: '',
      },
    }));
    onTestFinished(() => shelled.dispose());
    const r = await providerApp(shelled.core).handle(req('POST', '/checkout/v3/orders', sampleOrder()));
    const { order_id: id, html_snippet: snippet } = bodyOf(r);
    expect(snippet).toContain('<div id="klarna-checkout-container"');
    expect(snippet).toContain(`"BOOTSTRAP_SRC":"http://co.test:4703/kco/bootstrap.js"`);
    expect(snippet).toContain(
      `"ORDER_URL":"http://co.test:4703/kco/frame/${id}?token=${shelled.core.tokens.tokenOf(id)}"`,
    );
    expect(snippet).toContain("'_klarnaCheckout'");
    for (const secret of ['secret', 'Basic ', Buffer.from('merchant:secret').toString('base64')]) {
      expect(snippet).not.toContain(secret);
    }
    expect(shelled.core.tokens.tokenOf(id)).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it('ignores the fields the service owns in a create body (order_id, status, html_snippet)', async () => {
    const r = await t.app.handle(
      req(
        'POST',
        '/checkout/v3/orders',
        sampleOrder({ order_id: 'mine', status: 'checkout_complete', html_snippet: '<b>x</b>' }),
      ),
    );
    expect(r.status).toBe(201);
    const order = bodyOf(r);
    expect(order.order_id).not.toBe('mine');
    expect(order.status).toBe('checkout_incomplete');
    expect(order.html_snippet).not.toBe('<b>x</b>');
    expect(bodyOf(await t.app.handle(req('GET', `/checkout/v3/orders/${order.order_id}`))).order_id).toBe(
      order.order_id,
    );
  });

  it('refuses a line whose total is not quantity × unit_price − discount, naming the field', async () => {
    const o = sampleOrder();
    (o.order_lines as Record<string, unknown>[])[0]!.total_amount = 49999;
    const r = await t.app.handle(req('POST', '/checkout/v3/orders', o));
    expect(r.status).toBe(400);
    const e = bodyOf(r);
    expect(e.error_code).toBe('BAD_VALUE');
    expect(e.error_messages[0]).toMatch(/^order_lines\[0\]\.total_amount: must equal quantity × unit_price/);
    expect(typeof e.correlation_id).toBe('string');
  });

  it.each([
    ['a missing required field', { ...sampleOrder(), locale: undefined }, 'locale: is required'],
    [
      'a wrong type',
      sampleOrder({ order_amount: '50000' }),
      'order_amount: must be of type number, got string',
    ],
    [
      'a missing push url',
      sampleOrder({ merchant_urls: { terms: 't', checkout: 'c', confirmation: 'c' } }),
      'merchant_urls.push: is required',
    ],
    [
      'both address callbacks',
      sampleOrder({
        merchant_urls: {
          terms: 'https://shop.example/t',
          checkout: 'https://shop.example/c',
          confirmation: 'https://shop.example/c',
          push: 'https://shop.example/p',
          address_update: 'https://shop.example/a',
          shipping_address_update: 'https://shop.example/s',
        },
      }),
      'merchant_urls.shipping_address_update: set address_update or its older name',
    ],
    ['a wrong tax total', sampleOrder({ order_tax_amount: 1 }), 'order_tax_amount: must equal the sum'],
  ])('refuses %s with 400 BAD_VALUE naming the field', async (_name, body, message) => {
    const r = await t.app.handle(req('POST', '/checkout/v3/orders', body));
    expect(r.status).toBe(400);
    expect(bodyOf(r).error_messages.join('\n')).toContain(message);
  });

  it('refuses a kept unknown field nested thousands deep with 400 naming it (it answered 500)', async () => {
    const deep = '['.repeat(5000) + ']'.repeat(5000);
    const text = JSON.stringify(sampleOrder()).replace(/^\{/, `{"x_deep":${deep},`);
    const r = await t.app.handle(req('POST', '/checkout/v3/orders', text));
    expect([r.status, bodyOf(r).error_messages]).toEqual([
      400,
      ['x_deep: is nested more than 100 levels deep'],
    ]);
  });

  it('refuses malformed JSON, a wrong content type, an empty body and an oversized body with clear 4xx', async () => {
    const bad = await t.app.handle(req('POST', '/checkout/v3/orders', '{nope'));
    expect([bad.status, bodyOf(bad).error_messages[0]]).toEqual([
      400,
      expect.stringContaining('is not valid JSON'),
    ]);
    const type = await t.app.handle(
      req('POST', '/checkout/v3/orders', '{}', { 'content-type': 'text/plain' }),
    );
    expect([type.status, bodyOf(type).error_messages[0]]).toEqual([
      415,
      expect.stringContaining('application/json'),
    ]);
    const empty = await t.app.handle(req('POST', '/checkout/v3/orders', ''));
    expect(empty.status).toBe(400);
    const big = await t.app.handle({ ...req('POST', '/checkout/v3/orders'), body: null, bodyTooLarge: true });
    expect([big.status, bodyOf(big).error_code]).toEqual([413, 'BAD_VALUE']);
  });
});

describe('auth, unknown orders and routes', () => {
  it('answers 401 with the error body for a wrong password or none', async () => {
    const wrong = await t.app.handle(
      req('GET', '/checkout/v3/orders/x', undefined, { authorization: basic('merchant', 'nope') }),
    );
    expect(wrong.status).toBe(401);
    expect(bodyOf(wrong).error_code).toBe('UNAUTHORIZED');
    expect(wrong.headers?.['WWW-Authenticate']).toContain('Basic');
    const none = await t.app.handle({ ...req('GET', '/checkout/v3/orders/x'), headers: {} });
    expect(none.status).toBe(401);
  });

  it('uses the credentials from the config', async () => {
    const custom = tempCore({ credentials: { username: 'shop', password: 'pw' } });
    onTestFinished(() => custom.dispose());
    const a = providerApp(custom.core);
    expect((await a.handle(req('GET', '/checkout/v3/orders/x'))).status).toBe(401);
    expect(
      (await a.handle(req('GET', '/checkout/v3/orders/x', undefined, { authorization: basic('shop', 'pw') })))
        .status,
    ).toBe(404);
  });

  it('answers 404 NOT_FOUND for an unknown order, 404 for an unknown path and 405 for a wrong method', async () => {
    const r = await t.app.handle(req('GET', '/checkout/v3/orders/does-not-exist'));
    expect([r.status, bodyOf(r).error_code]).toEqual([404, 'NOT_FOUND']);
    expect((await t.app.handle(req('GET', '/nowhere'))).status).toBe(404);
    const m = await t.app.handle(req('DELETE', '/checkout/v3/orders'));
    expect([m.status, m.headers?.allow]).toEqual([405, 'POST']);
  });
});

describe('exchange log', () => {
  it('records every inbound exchange with the secret masked, by order', async () => {
    const created = bodyOf(await t.app.handle(req('POST', '/checkout/v3/orders', sampleOrder())));
    await t.app.handle(req('GET', `/checkout/v3/orders/${created.order_id}`));
    await t.app.handle(
      req('GET', '/checkout/v3/orders/x', undefined, { authorization: basic('merchant', 'nope') }),
    );
    const mine = await t.env.core.exchanges.list({ orderId: created.order_id, ascending: true });
    expect(mine.map((e) => [e.kind, e.method, e.status])).toEqual([
      ['checkout.create', 'POST', 201],
      ['checkout.read', 'GET', 200],
    ]);
    const first = mine[0]!;
    expect(first.direction).toBe('in');
    expect(first.request.headers.authorization).toBe('Basic ****');
    expect(JSON.parse(first.request.body ?? '{}').purchase_country).toBe('SE');
    expect(JSON.parse(first.response.body ?? '{}').order_id).toBe(created.order_id);
    expect(first.duration_ms).toBeGreaterThanOrEqual(0);
    const all = await t.env.core.exchanges.list({});
    expect(all[0]?.kind).toBe('auth');
    expect(all[0]?.status).toBe(401);
  });

  it('never holds an order’s customer token: the snippet and the checkout’s address are masked', async () => {
    const created = bodyOf(await t.app.handle(req('POST', '/checkout/v3/orders', sampleOrder())));
    const id = created.order_id as string;
    const token = t.env.core.tokens.tokenOf(id);
    // The merchant gets the token (it is what the snippet loads the checkout with); the log does not.
    expect(created.html_snippet).toContain(token);
    await t.app.handle(req('GET', `/checkout/v3/orders/${id}`));
    await t.app.handle(req('GET', `/checkout/v3/orders/${id}`));
    const session = await t.app.handle(req('GET', `/test_helpers/checkout/orders/${id}/session`));
    expect(bodyOf(session).customer_url).toContain(token);
    const logged = await t.env.core.exchanges.list({ orderId: id, ascending: true });
    expect(logged.map((e) => e.kind)).toEqual([
      'checkout.create',
      'checkout.read',
      'checkout.read',
      'test_helpers.session.read',
    ]);
    expect(JSON.stringify(logged)).not.toContain(token);
    for (const e of logged.slice(0, 3)) {
      expect(JSON.parse(e.response.body!).html_snippet).toContain(`/kco/frame/${id}?token=****`);
    }
  });

  it('keeps a refused request’s credentials sealed, and opens them as they were sent for a replay', async () => {
    const wrong = basic('merchant', 'typo-pass');
    const refused = await t.app.handle(
      req('GET', '/checkout/v3/orders/x', undefined, { authorization: wrong }),
    );
    expect(refused.status).toBe(401);
    await t.app.handle(req('GET', '/checkout/v3/orders/x'));
    const [accepted, auth] = await t.env.core.exchanges.list({});
    expect([auth!.kind, accepted!.status]).toEqual(['auth', 404]);
    expect(auth!.request.headers.authorization).toBe('Basic ****');
    expect(auth!.sealed_authorization).toMatch(/^v1\./);
    expect(JSON.stringify(auth)).not.toContain(wrong.slice(6));
    const sent = (id: string) => t.env.core.control.invoke('exchanges.sentAuthorization', { exchangeId: id });
    expect(await sent(auth!.id)).toEqual({ authorization: wrong });
    // Accepted credentials are the simulator's own: nothing is sealed for them.
    expect(accepted!.sealed_authorization).toBeUndefined();
    expect(await sent(accepted!.id)).toEqual({ authorization: null });
    await expect(sent('ex_nope')).rejects.toThrow(/exchange ex_nope was not found/);
  });
});
