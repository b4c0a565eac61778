import { afterEach, describe, expect, it } from 'vitest';
import { MerchantStub } from '../../test-kit/merchant-stub';
import { selfSignedStub } from '../../test-kit/self-signed-stub';
import { FULL_ADDRESS } from '../../test-kit/session-env';
import { orderCallingBack, sampleOrder, tempCore } from '../../test-kit/temp-core';

type Env = ReturnType<typeof tempCore>;
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function setup(rules: boolean) {
  const env: Env = tempCore();
  const https = await selfSignedStub();
  const http = await new MerchantStub().start();
  cleanups.push(
    () => env.dispose(),
    () => https.stop(),
    () => http.stop(),
  );
  env.core.settings.update({ production_tls_rules: rules, callback_timeout_ms: 2000 });
  /** An order whose push and address_update go to `push` and `address`: address step, pay, first push. */
  const run = async (push: string, address: string, createdWithRulesOff = false) => {
    // The rules refuse http:// URLs at create; an order made before they were turned on meets them at its calls.
    if (createdWithRulesOff) env.core.settings.update({ production_tls_rules: false });
    const order = env.core.orders.create(orderCallingBack(push, address));
    if (createdWithRulesOff) env.core.settings.update({ production_tls_rules: rules });
    const step = await env.core.steps.address(order.order_id, { billing_address: FULL_ADDRESS });
    if (step.outcome === 'applied') {
      await env.core.steps.complete(order.order_id, {});
      await env.core.clockControl.advance({ until: 'next_event' });
    }
    const log = await env.core.exchanges.list({ orderId: order.order_id, ascending: true });
    const exchange = (kind: string) => log.find((e) => e.kind === kind)!;
    return { step, attempt: env.core.push.attempts(order.order_id)[0]!, exchange };
  };
  return { env, https, http, run };
}

describe('production TLS rules', () => {
  it('off (the default): everything is delivered; each call production would refuse is flagged', async () => {
    const { env, https, http, run } = await setup(false);
    expect(env.core.settings.get().production_tls_rules).toBe(false);
    const plain = await run(http.url('/push'), http.url('/address'));
    expect([plain.step.outcome, plain.attempt.outcome]).toEqual(['applied', 'delivered']);
    expect(plain.exchange('push').violations[0]?.message).toContain(
      'not https: delivered here, but it would fail in production',
    );
    expect(plain.exchange('address_update').violations[0]?.message).toContain('would fail in production');
    const tls = await run(`${https.base}/push`, `${https.base}/address`);
    expect([tls.step.outcome, tls.attempt.outcome]).toEqual(['applied', 'delivered']);
    expect(https.paths).toEqual(['/address', '/push']);
    expect(tls.exchange('push').violations[0]?.message).toMatch(
      /certificate is not trusted \(.*SELF_SIGNED.*\): delivered here, but it would fail in production/,
    );
    expect(tls.exchange('address_update').violations).toEqual([]);
  });

  it('on: an http:// URL fails unsent; a self-signed certificate works in-session but fails push', async () => {
    const { https, http, run } = await setup(true);
    await expect(run(http.url('/push'), http.url('/address'))).rejects.toThrow(
      /merchant_urls\.push: must be an https URL/,
    );
    const plain = await run(http.url('/push'), http.url('/address'), true);
    expect(plain.step.outcome).toBe('failed');
    expect(plain.step.message).toContain('refused by the production TLS rules');
    expect(http.requests).toHaveLength(0);
    const tls = await run(`${https.base}/push`, `${https.base}/address`);
    expect(tls.step.outcome).toBe('applied');
    expect(tls.attempt).toMatchObject({ outcome: 'refused', status: null });
    expect(https.paths).toEqual(['/address']);
    expect(tls.exchange('push').violations[0]?.message).toContain(
      'a self-signed certificate may work in-session but fails push',
    );
  });

  it('refuses an http:// push unsent, recorded as refused with the violation', async () => {
    // The order was made before the rules were turned on (with them on, create refuses the URL).
    const { http, env } = await setup(false);
    const order = env.core.orders.create(
      sampleOrder({ merchant_urls: { ...(sampleOrder().merchant_urls as object), push: http.url('/p') } }),
    );
    env.core.settings.update({ production_tls_rules: true });
    await env.core.steps.address(order.order_id, { billing_address: FULL_ADDRESS });
    await env.core.steps.complete(order.order_id, {});
    await env.core.clockControl.advance({ until: 'next_event' });
    expect(env.core.push.attempts(order.order_id)[0]).toMatchObject({ outcome: 'refused', status: null });
    const push = (await env.core.exchanges.list({ orderId: order.order_id })).find((e) => e.kind === 'push')!;
    expect(push.violations[0]?.message).toContain(
      'push URL is not https: refused by the production TLS rules',
    );
    expect(http.requests).toHaveLength(0);
  });
});
