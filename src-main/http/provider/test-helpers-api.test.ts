import { afterEach, describe, expect, it } from 'vitest';
import { basic } from '../../test-kit/temp-core';
import { FULL_ADDRESS, sessionEnv } from '../../test-kit/session-env';
import { providerApp } from './provider-app';
import type { HttpRequest } from '../router';

let env: Awaited<ReturnType<typeof sessionEnv>>;
afterEach(() => env?.close());

function req(method: string, path: string, body?: unknown, search = ''): HttpRequest {
  const text = body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body);
  return {
    method,
    path,
    search,
    headers: {
      host: 'sim.test',
      authorization: basic(),
      ...(text !== null ? { 'content-type': 'application/json' } : {}),
    },
    body: text === null ? null : Buffer.from(text),
  };
}
const call = async (method: string, path: string, body?: unknown, search?: string) => {
  const r = await providerApp(env.core).handle(req(method, path, body, search));
  return { status: r.status, body: JSON.parse(r.body ?? 'null'), headers: r.headers ?? {} };
};

describe('the customer steps over the automation API', () => {
  it('answers each step with {outcome, order, message, redirect_url, exchange_ids}', async () => {
    env = await sessionEnv(['address_update', 'validation']);
    env.stub.on(env.path('address_update'), {
      status: 400,
      body: { error_type: 'address_error', error_text: 'No deliveries to this street' },
    });
    const rejected = await call('POST', `/test_helpers/checkout/orders/${env.id}/address`, {
      billing_address: FULL_ADDRESS,
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({
      outcome: 'rejected',
      error_type: 'address_error',
      error_text: 'No deliveries to this street',
      redirect_url: null,
    });
    expect(rejected.body.exchange_ids).toHaveLength(1);
    expect(rejected.body.order.order_id).toBe(env.id);
    env.stub.on(env.path('address_update'), { body: {} });
    expect(
      (
        await call('POST', `/test_helpers/checkout/orders/${env.id}/address`, {
          billing_address: FULL_ADDRESS,
        })
      ).body.outcome,
    ).toBe('applied');
    const done = await call('POST', `/test_helpers/checkout/orders/${env.id}/complete`);
    expect([done.body.outcome, done.body.order.status]).toEqual(['completed', 'checkout_complete']);
  });

  it('lists every exchange of the order, in and out, in order', async () => {
    env = await sessionEnv(['address_update']);
    await call('GET', `/checkout/v3/orders/${env.id}`);
    await call('POST', `/test_helpers/checkout/orders/${env.id}/address`, { billing_address: FULL_ADDRESS });
    const r = await call('GET', '/test_helpers/exchanges', undefined, `order_id=${env.id}`);
    const list = r.body.exchanges as {
      direction: string;
      kind: string;
      status: number;
      violations: unknown[];
      request: { body: string };
    }[];
    expect(list.map((e) => [e.direction, e.kind, e.status])).toEqual([
      ['in', 'checkout.read', 200],
      ['out', 'address_update', 200],
      ['in', 'test_helpers.address', 200],
    ]);
    expect(JSON.parse(list[1]!.request.body).billing_address).toEqual(FULL_ADDRESS);
  });

  it('empties the log on DELETE, says how many it held, keeps the orders and records on', async () => {
    env = await sessionEnv(['address_update']);
    await call('GET', `/checkout/v3/orders/${env.id}`);
    await call('POST', `/test_helpers/checkout/orders/${env.id}/address`, { billing_address: FULL_ADDRESS });
    const before = await call('GET', '/test_helpers/exchanges');
    const held = (before.body.exchanges as unknown[]).length + 1; // and that GET itself
    const cleared = await call('DELETE', '/test_helpers/exchanges');
    expect(cleared).toMatchObject({ status: 200, body: { cleared: held } });
    expect((await call('GET', `/checkout/v3/orders/${env.id}`)).status).toBe(200);
    const after = await call('GET', '/test_helpers/exchanges');
    expect((after.body.exchanges as { kind: string }[]).map((e) => e.kind)).toEqual([
      'test_helpers.exchanges.clear',
      'checkout.read',
    ]);
  });

  it.each([
    [
      'an unknown order',
      'POST',
      '/test_helpers/checkout/orders/nope/country',
      { country: 'SE' },
      404,
      'NOT_FOUND',
    ],
    [
      'pay before an address',
      'POST',
      '/test_helpers/checkout/orders/{id}/complete',
      undefined,
      409,
      'STEP_OUT_OF_ORDER',
    ],
    ['a malformed body', 'POST', '/test_helpers/checkout/orders/{id}/address', '{bad', 400, 'BAD_VALUE'],
    ['a missing field', 'POST', '/test_helpers/checkout/orders/{id}/shipping_option', {}, 400, 'BAD_VALUE'],
  ])('answers %s with a clear 4xx', async (_n, method, path, body, status, code) => {
    env = await sessionEnv([]);
    const r = await call(method, path.replace('{id}', env.id), body);
    expect([r.status, r.body.error_code]).toEqual([status, code]);
    expect(r.body.error_messages[0].length).toBeGreaterThan(10);
  });
});

describe('settings', () => {
  it('reads and changes callback_timeout_ms, refusing bad values and unknown keys', async () => {
    env = await sessionEnv([]);
    expect((await call('PUT', '/test_helpers/settings', { callback_timeout_ms: 300 })).body).toMatchObject({
      callback_timeout_ms: 300,
    });
    expect((await call('GET', '/test_helpers/settings')).body.callback_timeout_ms).toBe(300);
    const bad = await call('PUT', '/test_helpers/settings', { callback_timeout_ms: 'soon' });
    expect([bad.status, bad.body.error_messages[0]]).toEqual([
      400,
      'callback_timeout_ms: must be of type number, got string',
    ]);
    expect((await call('PUT', '/test_helpers/settings', { nope: 1 })).status).toBe(400);
  });

  it.each([
    '/test_helpers/settings',
    '/test_helpers/settings/shipping_assistant',
    '/test_helpers/integrator/faults',
  ])(
    'PUT %s refuses a `__proto__` field, naming it, and takes nothing from inside it (found by the fuzz)',
    async (path) => {
      env = await sessionEnv([]);
      const before = (await call('GET', path)).body;
      const smuggled = await call('PUT', path, {
        ['__proto__']: { callback_timeout_ms: 1234, enabled: true },
      });
      expect([smuggled.status, smuggled.body.error_messages?.[0]]).toEqual([
        400,
        '__proto__: is not a known field',
      ]);
      expect((await call('GET', path)).body).toEqual(before);
    },
  );
});

describe('checkout API: update and abort', () => {
  it('updates while incomplete, 403 READ_ONLY_ORDER after completion', async () => {
    env = await sessionEnv([]);
    expect(
      (await call('POST', `/checkout/v3/orders/${env.id}`, { merchant_reference2: 'X' })).body
        .merchant_reference2,
    ).toBe('X');
    await env.core.steps.address(env.id, { billing_address: FULL_ADDRESS });
    await env.core.steps.complete(env.id, {});
    const r = await call('POST', `/checkout/v3/orders/${env.id}`, { merchant_reference2: 'Y' });
    expect([r.status, r.body.error_code]).toEqual([403, 'READ_ONLY_ORDER']);
  });

  it('aborts with 200, then refuses updates', async () => {
    env = await sessionEnv([]);
    expect((await call('POST', `/checkout/v3/orders/${env.id}/abort`)).status).toBe(200);
    expect((await call('POST', `/checkout/v3/orders/${env.id}`, { merchant_reference2: 'Y' })).status).toBe(
      403,
    );
  });

  it('flags a merchant that reads the order inside an in-session handler', async () => {
    env = await sessionEnv(['address_update']);
    const app = providerApp(env.core);
    env.stub.on(env.path('address_update'), () => {
      void app.handle(req('GET', `/checkout/v3/orders/${env.id}`));
      return { body: {} };
    });
    await env.core.steps.address(env.id, { billing_address: FULL_ADDRESS });
    const list = await env.core.exchanges.list({ orderId: env.id, ascending: true });
    const read = list.find((e) => e.kind === 'checkout.read');
    expect(read?.violations[0]?.message).toContain(
      'must not read or write the order inside an in-session handler',
    );
  });
});
