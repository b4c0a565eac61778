import { afterEach, describe, expect, it } from 'vitest';
import { FULL_ADDRESS, OPTIONS, sessionEnv } from '../../test-kit/session-env';

let env: Awaited<ReturnType<typeof sessionEnv>>;
afterEach(() => env?.close());

const address = () => env.core.steps.address(env.id, { billing_address: FULL_ADDRESS });
const LINE = {
  type: 'physical',
  name: 'Battery Power Pack',
  quantity: 3,
  unit_price: 25000,
  tax_rate: 2500,
  total_amount: 75000,
  total_tax_amount: 15000,
};

describe('address_update: request', () => {
  it('POSTs the cart, both addresses and the currency as JSON, with {checkout.order.id} replaced', async () => {
    env = await sessionEnv(['address_update'], { merchant_data: 'md', tags: ['vip'] });
    await address();
    const [req] = env.stub.to(env.path('address_update'));
    expect(req?.method).toBe('POST');
    expect(req?.headers['content-type']).toBe('application/json');
    expect(req?.headers['user-agent']).toMatch(/^CheckoutSimulator\//);
    expect(req?.json).toMatchObject({
      order_amount: 50000,
      order_tax_amount: 10000,
      order_lines: [expect.objectContaining({ reference: '19-402' })],
      billing_address: FULL_ADDRESS,
      shipping_address: FULL_ADDRESS,
      purchase_currency: 'SEK',
      locale: 'sv-SE',
      merchant_data: 'md',
      tags: ['vip'],
    });
    // No customer was sent: the official default type, not an empty object.
    expect((req?.json as { customer?: unknown }).customer).toEqual({ type: 'person' });
  });

  it("keeps the merchant's customer type, and refuses one that is neither person nor organization", async () => {
    env = await sessionEnv(['address_update'], { customer: { type: 'organization' } });
    await address();
    const [req] = env.stub.to(env.path('address_update'));
    expect((req?.json as { customer?: unknown }).customer).toEqual({ type: 'organization' });
    expect(() => env.core.orders.update(env.id, { customer: { type: 'company' } })).toThrow(
      /customer\.type: must be one of "person"/,
    );
  });

  it('uses one address as both when no shipping address is given, and a separate one when it is', async () => {
    env = await sessionEnv(['address_update']);
    const other = { ...FULL_ADDRESS, street_address: 'Drottninggatan 1' };
    await env.core.steps.address(env.id, { billing_address: FULL_ADDRESS, shipping_address: other });
    expect(env.stub.to(env.path('address_update'))[0]?.json).toMatchObject({
      billing_address: FULL_ADDRESS,
      shipping_address: other,
    });
  });

  it('calls the older shipping_address_update when address_update is not registered', async () => {
    env = await sessionEnv(['shipping_address_update']);
    const r = await address();
    expect(env.stub.to(env.path('shipping_address_update'))).toHaveLength(1);
    expect(r.message).toContain('shipping_address_update');
  });
});

describe('address_update: a 200 answer applies part by part', () => {
  it('shipping_options alone changes only the options (and the preselected one is selected)', async () => {
    env = await sessionEnv(['address_update']);
    env.stub.on(env.path('address_update'), { body: { shipping_options: OPTIONS } });
    const r = await address();
    expect(r.outcome).toBe('applied');
    expect(r.order.shipping_options).toEqual(OPTIONS);
    expect((r.order.selected_shipping_option as { id: string }).id).toBe('std');
    expect(r.order.order_amount).toBe(50000);
    expect(r.changes.map((c) => c.field).sort()).toEqual(
      ['billing_address', 'selected_shipping_option', 'shipping_address', 'shipping_options'].sort(),
    );
  });

  it.each([
    ['purchase_currency', 'EUR'],
    ['locale', 'en-SE'],
    ['merchant_data', '{"cart":"v2"}'],
  ])('%s applies on its own', async (field, value) => {
    env = await sessionEnv(['address_update']);
    env.stub.on(env.path('address_update'), { body: { [field]: value } });
    const r = await address();
    expect(r.outcome).toBe('applied');
    expect(r.order[field]).toBe(value);
    expect(r.order.order_amount).toBe(50000);
  });

  it('applies a whole cart that reconciles', async () => {
    env = await sessionEnv(['address_update']);
    env.stub.on(env.path('address_update'), {
      body: { order_amount: 75000, order_tax_amount: 15000, order_lines: [LINE] },
    });
    const r = await address();
    expect([r.outcome, r.order.order_amount, r.order.order_tax_amount]).toEqual(['applied', 75000, 15000]);
    expect(r.changes.find((c) => c.field === 'order_amount')).toEqual({
      field: 'order_amount',
      before: 50000,
      after: 75000,
    });
  });

  it('ignores a cart missing any of the three parts, and says why', async () => {
    env = await sessionEnv(['address_update']);
    env.stub.on(env.path('address_update'), { body: { order_amount: 75000, order_lines: [LINE] } });
    const r = await address();
    expect(r.outcome).toBe('applied');
    expect(r.order.order_amount).toBe(50000);
    expect(r.notes[0]).toContain('The cart was ignored');
    expect(r.notes[0]).toContain('order_tax_amount');
  });

  it('{} changes nothing', async () => {
    env = await sessionEnv(['address_update']);
    env.stub.on(env.path('address_update'), { body: {} });
    const r = await address();
    expect(r.outcome).toBe('applied');
    expect(r.changes.map((c) => c.field)).toEqual(['billing_address', 'shipping_address']);
    expect(r.notes).toContain('The answer was {}: nothing changes.');
  });

  it.each([
    ['an empty body', { body: '' }, 'the body is empty'],
    // The body's start is quoted, so the merchant sees what their server sent.
    ['a body that is not JSON', { body: '<html>' }, 'the body is not valid JSON: "<html>"'],
    [
      'a cart that fails the arithmetic',
      { body: { order_amount: 75001, order_tax_amount: 15000, order_lines: [LINE] } },
      'does not reconcile',
    ],
    [
      'a shipping option list with two preselected',
      { body: { shipping_options: OPTIONS.map((o) => ({ ...o, preselected: true })) } },
      'exactly one option must be preselected',
    ],
  ])('fails with the generic error on %s', async (_n, answer, reason) => {
    env = await sessionEnv(['address_update']);
    env.stub.on(env.path('address_update'), answer);
    const r = await address();
    expect(r.outcome).toBe('failed');
    expect(r.message).toContain('generic error');
    expect(r.message).toContain(reason);
    expect(r.order.billing_address).toBeUndefined();
    const [ex] = await env.core.exchanges.list({ orderId: env.id });
    expect(ex?.outcome).toBe('failed');
    expect(ex?.violations.length).toBeGreaterThan(0);
  });
});

describe('address_update: 400, redirects, other answers', () => {
  it.each(['address_error', 'approval_failed'])(
    '400 %s keeps the customer in the checkout showing the text',
    async (type) => {
      env = await sessionEnv(['address_update']);
      env.stub.on(env.path('address_update'), {
        status: 400,
        body: { error_type: type, error_text: 'We do not deliver to PO boxes' },
      });
      const r = await address();
      expect([r.outcome, r.error_type, r.error_text]).toEqual([
        'rejected',
        type,
        'We do not deliver to PO boxes',
      ]);
      expect(r.message).toContain(
        'the customer stays in the checkout and sees: “We do not deliver to PO boxes”',
      );
      expect(r.order.billing_address).toBeUndefined();
    },
  );

  it('400 unsupported_shipping_address rejects, with or without text', async () => {
    env = await sessionEnv(['address_update']);
    env.stub.on(env.path('address_update'), {
      status: 400,
      body: { error_type: 'unsupported_shipping_address' },
    });
    const r = await address();
    expect([r.outcome, r.error_type]).toEqual(['rejected', 'unsupported_shipping_address']);
  });

  it('400 address_error without error_text fails', async () => {
    env = await sessionEnv(['address_update']);
    env.stub.on(env.path('address_update'), { status: 400, body: { error_type: 'address_error' } });
    expect((await address()).outcome).toBe('failed');
  });

  it.each([301, 302, 303, 307])('%i with Location redirects', async (status) => {
    env = await sessionEnv(['address_update']);
    env.stub.on(env.path('address_update'), { status, headers: { location: 'https://shop.example/sorry' } });
    const r = await address();
    expect([r.outcome, r.redirect_url]).toEqual(['redirected', 'https://shop.example/sorry']);
  });

  it.each([
    ['500', { status: 500, body: { oops: true } }],
    ['201', { status: 201, body: {} }],
    ['303 without Location', { status: 303 }],
  ])('%s fails with the generic error', async (_n, answer) => {
    env = await sessionEnv(['address_update']);
    env.stub.on(env.path('address_update'), answer);
    expect((await address()).outcome).toBe('failed');
  });

  it('no answer within callback_timeout_ms fails', async () => {
    env = await sessionEnv(['address_update']);
    env.core.settings.update({ callback_timeout_ms: 150 });
    env.stub.on(env.path('address_update'), { delayMs: 2000, body: {} });
    const r = await address();
    expect(r.outcome).toBe('failed');
    // The message names the setting that sets the limit.
    expect(r.message).toContain('no answer within 150 ms (the setting callback_timeout_ms)');
  });

  it('an unreachable server fails', async () => {
    env = await sessionEnv([], {
      merchant_urls: {
        terms: 'https://shop.example/t',
        checkout: 'https://shop.example/c',
        confirmation: 'https://shop.example/c',
        push: 'https://shop.example/p',
        address_update: 'http://127.0.0.1:1/nowhere',
      },
    });
    expect((await address()).outcome).toBe('failed');
  });
});

describe('country_change', () => {
  it('is called when the country changes and may change currency and locale for the new market', async () => {
    env = await sessionEnv(['country_change'], { shipping_countries: ['SE', 'DE'] });
    env.stub.on(env.path('country_change'), {
      body: {
        purchase_currency: 'EUR',
        locale: 'de-DE',
        order_amount: 5000,
        order_tax_amount: 798,
        order_lines: [
          {
            name: 'Power Pack',
            quantity: 1,
            unit_price: 5000,
            tax_rate: 1900,
            total_amount: 5000,
            total_tax_amount: 798,
          },
        ],
      },
    });
    const r = await env.core.steps.country(env.id, { country: 'DE' });
    expect(r.outcome).toBe('applied');
    expect([
      r.order.purchase_country,
      r.order.purchase_currency,
      r.order.locale,
      r.order.order_amount,
    ]).toEqual(['DE', 'EUR', 'de-DE', 5000]);
    expect(env.stub.to(env.path('country_change'))[0]?.json).toMatchObject({
      billing_address: { country: 'DE' },
    });
  });

  it("notes a country whose own currency is not the order's (card payment only in the real service)", async () => {
    env = await sessionEnv(['country_change'], { shipping_countries: ['DE'] });
    env.stub.on(env.path('country_change'), { body: {} });
    const r = await env.core.steps.country(env.id, { country: 'DE' });
    expect([r.outcome, r.order.purchase_currency]).toEqual(['applied', 'SEK']);
    expect(r.notes).toContain(
      "DE's own currency is EUR but the order is in SEK: the real service then offers card payment only (not simulated: the simulated payment method stays offered)",
    );
    const back = await env.core.steps.country(env.id, { country: 'SE' });
    expect(back.notes.some((n) => n.includes('card payment only'))).toBe(false);
  });

  it('keeps the country the order was created for selectable after switching away', async () => {
    env = await sessionEnv(['country_change'], { shipping_countries: ['DE'] });
    env.stub.on(env.path('country_change'), { body: {} });
    expect((await env.core.steps.country(env.id, { country: 'DE' })).outcome).toBe('applied');
    const back = await env.core.steps.country(env.id, { country: 'SE' });
    expect([back.outcome, back.order.purchase_country]).toEqual(['applied', 'SE']);
  });

  it('keeps the customer in the old country with their address when country_change fails', async () => {
    env = await sessionEnv(['country_change'], { shipping_countries: ['SE', 'DE'] });
    await env.core.steps.address(env.id, { billing_address: FULL_ADDRESS });
    env.stub.on(env.path('country_change'), { status: 500, body: {} });
    const r = await env.core.steps.country(env.id, { country: 'DE' });
    expect([r.outcome, r.order.purchase_country]).toEqual(['failed', 'SE']);
    expect(env.core.orders.load(env.id)!.state.address_entered).toBe(true);
    expect((await env.core.steps.complete(env.id, {})).outcome).toBe('completed');
  });

  it('refuses a country the order does not offer, and calls nothing for the same country', async () => {
    env = await sessionEnv(['country_change'], { shipping_countries: ['SE', 'DE'] });
    await expect(env.core.steps.country(env.id, { country: 'FR' })).rejects.toThrow(/FR is not offered/);
    const same = await env.core.steps.country(env.id, { country: 'SE' });
    expect(same.message).toContain('nothing is called');
    expect(env.stub.requests).toHaveLength(0);
  });
});
