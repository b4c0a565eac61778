import { afterEach, describe, expect, it } from 'vitest';
import { SAMPLE_ORDER } from '@shared/samples/samples';
import { FULL_ADDRESS, OPTIONS } from '../../test-kit/session-env';
import { shippingEnv, type ShippingEnv } from '../../test-kit/shipping-env';

let env: ShippingEnv;
afterEach(() => env?.close());

const ids = (e: ShippingEnv) => e.session().state.shipping_options.map((o) => o.id);
// The sample order's line, with the attributes an integrator may read.
const lineWithAttributes = {
  ...SAMPLE_ORDER.order_lines[0],
  attributes: { weight: 1200, dimensions: { width: 100, height: 50, length: 300 }, tags: ['fragile'] },
};

/** One e-book at `price` (25 % tax `tax` included): a digital order line. */
const ebookLine = (price: number, tax: number) => ({
  type: 'digital',
  name: 'E-book',
  quantity: 1,
  unit_price: price,
  tax_rate: 2500,
  total_amount: price,
  total_tax_amount: tax,
});

describe('preview, then valid options', () => {
  it('the country sends a preview (recipient: country only); the address sends the full recipient', async () => {
    env = await shippingEnv({ over: { tags: ['vip', 'bulky'], order_lines: [lineWithAttributes] } });
    const preview = await env.core.steps.country(env.id, { country: 'SE' });
    expect(preview.notes.at(-1)).toMatch(/2 preview options from the integrator/);
    expect(env.session().state.shipping_options.every((o) => o.preview === true)).toBe(true);
    const first = env.tms.to('POST /shippingoptions')[0]!.json!;
    expect(first.recipient).toEqual({ country: 'SE' });
    await env.core.steps.address(env.id, { billing_address: FULL_ADDRESS });
    const full = env.tms.to('POST /shippingoptions')[1]!.json!;
    expect(full.recipient).toEqual({
      given_name: 'Testperson',
      family_name: 'Approved',
      street_address: 'Sveavägen 46',
      postal_code: '11134',
      city: 'Stockholm',
      country: 'SE',
      email: 'customer@example.com',
      customer_type: 'person',
    });
    expect(full.session_id).toBe(first.session_id);
    expect(full.session_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect([full.locale, full.currency, full.geoblocking]).toEqual(['sv-SE', 'SEK', false]);
    expect(full.order).toEqual({
      id: env.id,
      total_amount: 50000,
      total_tax: 10000,
      total_amount_without_shipping_fee: 50000,
      total_tax_without_shipping_fee: 10000,
      tags: ['vip', 'bulky'],
      lines: [
        {
          type: 'physical',
          reference: '19-402',
          quantity: 2,
          unit_price: 25000,
          tax_rate: 2500,
          total_tax_amount: 10000,
          total_price_including_tax: 50000,
          total_discount_amount: 0,
          attributes: lineWithAttributes.attributes,
        },
      ],
    });
    const s = env.session();
    expect(s.state.shipping).toMatchObject({
      source: 'integrator',
      request: 'full',
      reason: null,
      no_options: false,
    });
    expect(s.state.shipping_options.map((o) => [o.id, o.preview, o.tax_amount, o.shipping_method])).toEqual([
      ['stub-home', false, 1380, 'Home'],
      ['stub-point', false, 980, 'PickUpPoint'],
    ]);
  });

  it('records each call on the exchange log under the order, with its kind', async () => {
    env = await shippingEnv();
    const r = await env.toAddress();
    const mine = await env.exchanges();
    expect(
      mine.filter((e) => e.kind.startsWith('shipping.')).map((e) => [e.kind, e.outcome, e.violations.length]),
    ).toEqual([
      ['shipping.auth', 'token_issued', 0],
      ['shipping.options.preview', 'options:2', 0],
      ['shipping.options', 'options:2', 0],
    ]);
    expect(r.exchange_ids).toHaveLength(1);
  });

  it('calls again on a merchant update (in the background) and when a callback answer changes the cart', async () => {
    env = await shippingEnv({ callbacks: ['shipping_option_update'] });
    await env.toAddress();
    env.core.orders.update(env.id, { merchant_reference1: 'ref-2' });
    await env.core.shipping.idle();
    expect(env.tms.to('POST /shippingoptions')).toHaveLength(3);
    env.stub.on(env.path('shipping_option_update'), { body: {} }); // nothing changes: no call
    await env.core.steps.shippingOption(env.id, { id: 'stub-point' });
    expect(env.tms.to('POST /shippingoptions')).toHaveLength(3);
    const fee = {
      type: 'shipping_fee',
      name: 'Pickup',
      quantity: 1,
      unit_price: 4900,
      tax_rate: 2500,
      total_amount: 4900,
      total_tax_amount: 980,
    };
    env.stub.on(env.path('shipping_option_update'), (req) => {
      const b = req.json as { order_lines: unknown[] };
      return {
        body: {
          order_amount: 54900,
          order_tax_amount: 10980,
          order_lines: [...b.order_lines, fee],
          shipping_options: [{ ...OPTIONS[1]!, preselected: true }],
        },
      };
    });
    await env.core.steps.shippingOption(env.id, { id: 'stub-home' });
    const calls = env.tms.to('POST /shippingoptions');
    expect(calls).toHaveLength(4);
    const order = calls[3]!.json!.order as Record<string, unknown>;
    // The fee line is left out of the lines, and out of the totals "without shipping fee".
    expect([
      order.total_amount,
      order.total_amount_without_shipping_fee,
      (order.lines as unknown[]).length,
    ]).toEqual([54900, 50000, 1]);
    const s = env.session();
    expect(ids(env)).toEqual(['stub-home', 'stub-point']); // the answer's options became the fallback list only
    expect(s.order.shipping_options?.map((o) => o.id)).toEqual(['exp']);
    expect(s.order.selected_shipping_option?.id).toBe('stub-home');
  });

  it('switched off: the merchant’s own options again', async () => {
    env = await shippingEnv();
    await env.toAddress();
    env.core.shipping.settings.update({ enabled: false });
    await env.core.steps.country(env.id, { country: 'SE' });
    expect(ids(env)).toEqual(['std', 'exp']);
    expect(env.session().state.shipping?.source).toBe('merchant');
  });
});

describe('no options, and digital carts', () => {
  it('an empty list is the "no shipping options" state, not a fallback; pay is refused', async () => {
    env = await shippingEnv();
    env.tms.on('POST /shippingoptions', { body: { shipping_options: [] } });
    const r = await env.toAddress();
    expect(r.notes.at(-1)).toMatch(/empty list.*no shipping options/);
    const s = env.session();
    expect(s.state.shipping).toMatchObject({ source: 'integrator', no_options: true, fallback_cause: null });
    expect(s.state.shipping_options).toEqual([]);
    await expect(env.core.steps.complete(env.id, {})).rejects.toThrow(/no shipping options/);
  });

  it('a cart without physical items makes no call: one digital option, no separate shipping address', async () => {
    const ebook = ebookLine(50000, 10000);
    env = await shippingEnv({ over: { order_lines: [ebook] } });
    await env.toAddress();
    expect(env.tms.requests).toHaveLength(0);
    const s = env.session();
    expect(s.state.shipping).toMatchObject({
      source: 'digital',
      digital_banner: true,
      allow_separate_shipping_address: false,
    });
    expect(s.state.shipping_options.map((o) => [o.id, o.shipping_method, o.type])).toEqual([
      ['digital', 'Digital', 'digital'],
    ]);
    expect((await env.core.steps.complete(env.id, {})).outcome).toBe('completed');
  });

  it('a digital item beside a physical one shows the banner and still asks the integrator', async () => {
    const ebook = ebookLine(10000, 2000);
    env = await shippingEnv({
      over: { order_amount: 60000, order_tax_amount: 12000, order_lines: [lineWithAttributes, ebook] },
    });
    await env.toAddress();
    expect(env.session().state.shipping).toMatchObject({
      source: 'integrator',
      digital_banner: true,
      allow_separate_shipping_address: true,
    });
  });
});
