import { afterEach, describe, expect, it } from 'vitest';
import { FULL_ADDRESS, OPTIONS, sessionEnv } from '../../test-kit/session-env';

let env: Awaited<ReturnType<typeof sessionEnv>>;
afterEach(() => env?.close());

const withAddress = async () => {
  await env.core.steps.address(env.id, { billing_address: FULL_ADDRESS });
};
const lines = (o: Record<string, unknown>) => o.order_lines as { type?: string; total_amount: number }[];

describe('shipping_option_update', () => {
  it('fires when the customer picks another option; the answered cart is authoritative', async () => {
    env = await sessionEnv(['shipping_option_update'], { shipping_options: OPTIONS });
    const fee = {
      type: 'shipping_fee',
      name: 'Express',
      quantity: 1,
      unit_price: 9900,
      tax_rate: 2500,
      total_amount: 9900,
      total_tax_amount: 1980,
    };
    env.stub.on(env.path('shipping_option_update'), (req) => {
      const body = req.json as {
        order_lines: unknown[];
        order_amount: number;
        order_tax_amount: number;
        selected_shipping_option: { id: string };
      };
      expect(body.selected_shipping_option.id).toBe('exp');
      return {
        body: {
          order_amount: body.order_amount + 9900,
          order_tax_amount: body.order_tax_amount + 1980,
          order_lines: [...body.order_lines, fee],
        },
      };
    });
    await withAddress();
    const r = await env.core.steps.shippingOption(env.id, { id: 'exp' });
    expect(r.outcome).toBe('applied');
    expect(r.order.order_amount).toBe(59900);
    expect((r.order.selected_shipping_option as { id: string }).id).toBe('exp');
    const done = await env.core.steps.complete(env.id, {});
    expect(lines(done.order).filter((l) => l.type === 'shipping_fee')).toHaveLength(1);
    expect(done.order.order_amount).toBe(59900);
  });

  it('a cart that does not reconcile fails the step', async () => {
    env = await sessionEnv(['shipping_option_update'], { shipping_options: OPTIONS });
    env.stub.on(env.path('shipping_option_update'), {
      body: {
        order_amount: 1,
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
      },
    });
    await withAddress();
    expect((await env.core.steps.shippingOption(env.id, { id: 'exp' })).outcome).toBe('failed');
  });

  it('with it registered, a cart without a shipping_fee line leaves the order without one', async () => {
    env = await sessionEnv(['shipping_option_update'], { shipping_options: OPTIONS });
    env.stub.on(env.path('shipping_option_update'), { body: {} });
    await withAddress();
    await env.core.steps.shippingOption(env.id, { id: 'exp' });
    const done = await env.core.steps.complete(env.id, {});
    expect(done.outcome).toBe('completed');
    expect(lines(done.order).some((l) => l.type === 'shipping_fee')).toBe(false);
    expect(done.order.order_amount).toBe(50000);
  });

  it('without it registered, the service adds the shipping_fee line itself at completion', async () => {
    env = await sessionEnv([], { shipping_options: OPTIONS });
    await withAddress();
    const picked = await env.core.steps.shippingOption(env.id, { id: 'exp' });
    expect(picked.order.order_amount).toBe(50000); // the total excludes shipping before completion
    const done = await env.core.steps.complete(env.id, {});
    const fee = lines(done.order).find((l) => l.type === 'shipping_fee');
    expect(fee).toMatchObject({ name: 'Express', total_amount: 9900, total_tax_amount: 1980 });
    expect([done.order.order_amount, done.order.order_tax_amount]).toEqual([59900, 11980]);
  });

  it('refuses an option that is not shown', async () => {
    env = await sessionEnv([], { shipping_options: OPTIONS });
    await expect(env.core.steps.shippingOption(env.id, { id: 'nope' })).rejects.toThrow(
      /not one of the options shown: std, exp/,
    );
  });
});

describe('validation', () => {
  const pay = async (answer: Parameters<typeof env.stub.on>[1], over: Record<string, unknown> = {}) => {
    env = await sessionEnv(['validation'], over);
    env.stub.on(env.path('validation'), answer);
    await withAddress();
    return env.core.steps.complete(env.id, {});
  };

  it('is called with the whole order while checkout_incomplete, and 200 completes', async () => {
    const r = await pay({ status: 200, body: {} });
    expect(r.outcome).toBe('completed');
    expect(r.order.status).toBe('checkout_complete');
    const sent = env.stub.to(env.path('validation'))[0]?.json as Record<string, unknown>;
    expect(sent.order_id).toBe(env.id);
    expect(sent.status).toBe('checkout_incomplete');
    expect(sent.billing_address).toEqual(FULL_ADDRESS);
  });

  it.each([301, 302, 303, 307])('%i with Location denies and redirects', async (status) => {
    const r = await pay({ status, headers: { location: 'https://shop.example/out-of-stock' } });
    expect([r.outcome, r.redirect_url, r.order.status]).toEqual([
      'denied',
      'https://shop.example/out-of-stock',
      'checkout_incomplete',
    ]);
  });

  it.each(['address_error', 'approval_failed'])(
    '400 %s with error_text denies and shows the text',
    async (type) => {
      const r = await pay({ status: 400, body: { error_type: type, error_text: 'Item sold out' } });
      expect([r.outcome, r.error_type, r.error_text]).toEqual(['denied', type, 'Item sold out']);
    },
  );

  it('400 with any other error_type is logged and ignored: the purchase completes', async () => {
    const r = await pay({ status: 400, body: { error_type: 'something_else', error_text: 'x' } });
    expect(r.outcome).toBe('completed');
    expect(r.notes.join(' ')).toContain('logged and ignored');
  });

  it('no answer within the limit completes (fails open)', async () => {
    env = await sessionEnv(['validation']);
    env.core.settings.update({ callback_timeout_ms: 150 });
    env.stub.on(env.path('validation'), { delayMs: 2000 });
    await withAddress();
    const r = await env.core.steps.complete(env.id, {});
    expect(r.outcome).toBe('completed');
    expect(r.notes.join(' ')).toContain('fails open');
  });

  it('no answer within the limit denies when options.require_validate_callback_success is true', async () => {
    env = await sessionEnv(['validation'], { options: { require_validate_callback_success: true } });
    env.core.settings.update({ callback_timeout_ms: 150 });
    env.stub.on(env.path('validation'), { delayMs: 2000 });
    await withAddress();
    const r = await env.core.steps.complete(env.id, {});
    expect(r.outcome).toBe('denied');
    expect(r.message).toContain('require_validate_callback_success');
    expect(r.message).toContain('no answer within 150 ms (the setting callback_timeout_ms)');
  });

  it('a denial whose text ends with a period ends the message with one period, not two', async () => {
    env = await sessionEnv(['validation']);
    env.stub.on(env.path('validation'), {
      status: 400,
      body: { error_type: 'address_error', error_text: 'We do not deliver there.' },
    });
    await withAddress();
    const r = await env.core.steps.complete(env.id, {});
    expect(r.outcome).toBe('denied');
    expect(r.message).toMatch(/We do not deliver there\.$/);
    expect(r.message).not.toContain('..');
  });
});

describe('every callback is opt-in', () => {
  it('never calls a key absent from merchant_urls (push is only called after purchase)', async () => {
    env = await sessionEnv([], { shipping_options: OPTIONS, shipping_countries: ['SE', 'NO'] });
    await env.core.steps.country(env.id, { country: 'NO' });
    await env.core.steps.country(env.id, { country: 'SE' });
    await withAddress();
    await env.core.steps.shippingOption(env.id, { id: 'exp' });
    const r = await env.core.steps.complete(env.id, {});
    expect(r.outcome).toBe('completed');
    expect(env.stub.requests).toHaveLength(0);
  });
});
