import { afterEach, describe, expect, it } from 'vitest';
import { afterPurchaseEnv } from '../../test-kit/after-purchase-env';
import { FULL_ADDRESS } from '../../test-kit/session-env';
import { sampleOrder } from '../../test-kit/temp-core';

const H = 3_600_000;
// An hour ahead of the simulator clock (ManualClock starts at 2026-01-01): well within the order's life.
const T0 = '2026-01-01T01:00:00.000Z';
let env: Awaited<ReturnType<typeof afterPurchaseEnv>>;
afterEach(async () => {
  await env?.close();
  env = undefined as unknown as typeof env;
});

/** Pays for an order through /test_helpers, as a script would. */
async function pay(id: string) {
  const address = await env.api('POST', `/test_helpers/checkout/orders/${id}/address`, {
    billing_address: FULL_ADDRESS,
  });
  expect(address.status).toBe(200);
  const done = await env.api('POST', `/test_helpers/checkout/orders/${id}/complete`, {});
  expect(done.body.outcome).toBe('completed');
}

/** A second order of the same merchant, its pushes to the same stub (`?order=` tells them apart). */
function secondOrder(): string {
  const push = env.stub.url('/push?order={checkout.order.id}');
  const urls = { ...env.order.merchant_urls, push };
  return env.core.orders.create(sampleOrder({ merchant_urls: urls })).order_id;
}
const pushesOf = (id: string) => env.stub.to('/push').filter((r) => r.url.endsWith(`order=${id}`));

async function newClock(body: unknown = { name: 'worker 1', frozen_time: T0 }) {
  const r = await env.api('POST', '/test_helpers/test_clocks', body);
  expect(r.status).toBe(201);
  expect(r.headers.get('location')).toBe(`/test_helpers/test_clocks/${r.body.clock_id}`);
  return r.body.clock_id as string;
}

describe('test clocks', () => {
  it('an order bound after its creation sees its clock’s time and fires only when that clock advances', async () => {
    env = await afterPurchaseEnv();
    const other = secondOrder();
    const clock = await newClock();
    const bound = await env.api('POST', `/test_helpers/test_clocks/${clock}/bindings`, { order_id: env.id });
    expect(bound.status).toBe(200);
    expect(bound.body.bound).toEqual([{ kind: 'order', id: env.id, bound_at: T0 }]);
    await pay(env.id);
    await pay(other);

    // Times written for the bound order are its clock's: the order-management order, the merchant's read.
    const om = await env.api('GET', `/ordermanagement/v1/orders/${env.id}`);
    expect(om.body.created_at).toBe(T0);
    const read = (await env.core.exchanges.list({ orderId: env.id, ascending: true })).find(
      (e) => e.kind === 'ordermanagement.read',
    );
    expect(read?.at).toBe(T0);

    // 48 hours on the simulator clock: the other order's 16 pushes, none of the bound order's.
    await env.core.clockControl.advance({ seconds: 48 * 3600 });
    expect(pushesOf(other)).toHaveLength(16);
    expect(pushesOf(env.id)).toHaveLength(0);

    // Its own clock: its first push 2 minutes on, at that clock's time; the other order is not touched.
    const adv = await env.api('POST', `/test_helpers/test_clocks/${clock}/advance`, { seconds: 150 });
    expect(adv.body.fired.map((f: { kind: string; order_id: string; at: string }) => f)).toEqual([
      { kind: 'push.attempt', order_id: env.id, subject: null, at: '2026-01-01T01:02:00.000Z' },
    ]);
    expect(adv.body.now).toBe('2026-01-01T01:02:30.000Z');
    expect(pushesOf(env.id)).toHaveLength(1);
    expect(pushesOf(other)).toHaveLength(16);
    const attempts = env.core.push.attempts(env.id);
    expect(attempts.map((a) => a.sent_at)).toEqual(['2026-01-01T01:02:00.000Z']);
    const push = (await env.core.exchanges.list({ orderId: env.id })).find((e) => e.kind === 'push');
    expect(push?.at).toBe('2026-01-01T01:02:00.000Z');

    // The rest of its schedule, in order, on its clock.
    const rest = await env.api('POST', `/test_helpers/test_clocks/${clock}/advance`, { seconds: 48 * 3600 });
    const pushTimes = rest.body.fired.filter((f: { kind: string }) => f.kind === 'push.attempt');
    expect(pushTimes).toHaveLength(15);
    const times = pushTimes.map((f: { at: string }) => Date.parse(f.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(pushesOf(env.id)).toHaveLength(16);
  });

  it('deleting a clock puts what was bound back onto the simulator clock, timers and all', async () => {
    env = await afterPurchaseEnv();
    const clock = await newClock();
    await env.api('POST', `/test_helpers/test_clocks/${clock}/bindings`, { order_id: env.id });
    await pay(env.id);
    const before = (await env.api('GET', `/test_helpers/test_clocks/${clock}`)).body;
    expect(before.pending_timers).toBeGreaterThan(0);
    const simPending = env.core.timers.pendingCount();

    const del = await env.api('DELETE', `/test_helpers/test_clocks/${clock}`);
    expect(del.body).toEqual({ deleted: true, released: 1 });
    expect(env.core.timers.pendingCount()).toBe(simPending + before.pending_timers);
    expect((await env.api('GET', `/test_helpers/test_clocks/${clock}`)).status).toBe(404);
    expect((await env.api('GET', '/test_helpers/test_clocks')).body.test_clocks).toEqual([]);
    // On the simulator clock now: advancing it past the 48-hour schedule sends every push.
    await env.core.clockControl.advance({ seconds: 50 * 3600 });
    expect(pushesOf(env.id)).toHaveLength(16);
  });

  it('refuses bad input naming the field and the rule, and unknown clocks and orders with 404', async () => {
    env = await afterPurchaseEnv();
    const clock = await newClock({});
    const cases: [string, string, unknown, number, string][] = [
      [
        'POST',
        '/test_helpers/test_clocks',
        { frozen_time: 'soon' },
        400,
        'frozen_time: must be an ISO 8601 date-time',
      ],
      ['POST', '/test_helpers/test_clocks', { colour: 'red' }, 400, 'colour: is not a known field'],
      [
        'POST',
        `/test_helpers/test_clocks/${clock}/bindings`,
        {},
        400,
        '(body): give exactly one of order_id',
      ],
      [
        'POST',
        `/test_helpers/test_clocks/${clock}/bindings`,
        { order_id: 'nope' },
        404,
        'checkout order nope',
      ],
      [
        'POST',
        `/test_helpers/test_clocks/${clock}/advance`,
        { seconds: 0 },
        400,
        'seconds: must be more than 0',
      ],
      ['POST', '/test_helpers/test_clocks/nope/advance', { seconds: 1 }, 404, 'test clock nope'],
      ['DELETE', '/test_helpers/test_clocks/nope', undefined, 404, 'test clock nope'],
    ];
    for (const [method, path, body, status, message] of cases) {
      const r = await env.api(method, path, body);
      expect([method, path, r.status]).toEqual([method, path, status]);
      expect(r.body.error_messages[0]).toContain(message);
    }
    const fresh = (await env.api('GET', `/test_helpers/test_clocks/${clock}`)).body;
    expect(Date.parse(fresh.now)).toBe(env.clock.now());
    expect(fresh).toMatchObject({ name: null, bound: [], next_event_at: null, pending_timers: 0 });
  });

  it('checks a bound order’s expiry on its clock: 49 hours ahead, the checkout order has expired', async () => {
    env = await afterPurchaseEnv();
    const other = secondOrder();
    const ahead = new Date(env.clock.now() + 49 * H).toISOString();
    const clock = await newClock({ frozen_time: ahead });
    await env.api('POST', `/test_helpers/test_clocks/${clock}/bindings`, { order_id: env.id });
    const step = (id: string) =>
      env.api('POST', `/test_helpers/checkout/orders/${id}/address`, { billing_address: FULL_ADDRESS });
    expect((await step(env.id)).status).toBe(404);
    expect((await step(other)).status).toBe(200);
    // The console's own call (the control operation, no HTTP) runs on the order's clock too.
    const viaConsole = (id: string) =>
      env.core.control.invoke('session.address', { orderId: id, input: { billing_address: FULL_ADDRESS } });
    await expect(viaConsole(env.id)).rejects.toMatchObject({ kind: 'not_found' });
    await expect(viaConsole(other)).resolves.toMatchObject({ step: 'address' });
  });

  it('an advance of one test clock leaves another standing', async () => {
    env = await afterPurchaseEnv();
    const a = await newClock();
    const b = await newClock();
    await env.api('POST', `/test_helpers/test_clocks/${a}/advance`, { seconds: 5 * 3600 });
    const views = (await env.api('GET', '/test_helpers/test_clocks')).body.test_clocks;
    expect(views.map((v: { clock_id: string; now: string }) => [v.clock_id, Date.parse(v.now)])).toEqual([
      [a, Date.parse(T0) + 5 * H],
      [b, Date.parse(T0)],
    ]);
  });
});

describe('test clocks across a restart', () => {
  it('keep their time, what is bound to them and their timers', async () => {
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { simClockCore } = await import('../../test-kit/after-purchase-env');
    const dir = mkdtempSync(join(tmpdir(), 'sim-test-clocks-'));
    try {
      const first = simClockCore(dir);
      const order = first.orders.create(sampleOrder()).order_id;
      const made = first.testClocks.create({ name: 'kept' });
      first.testClocks.bind({ clockId: made.clock_id, order_id: order });
      const moved = await first.testClocks.advance({ clockId: made.clock_id, seconds: 600 });
      await first.close();
      const again = simClockCore(dir);
      try {
        const view = again.testClocks.get(made.clock_id)!;
        expect(view).toEqual({ ...moved, fired: undefined, fired_total: undefined, bound: view.bound });
        expect(view.bound.map((b) => [b.kind, b.id])).toEqual([['order', order]]);
        expect(view.pending_timers).toBe(1); // the checkout order's expiry
        expect(again.clocks.clockOf(order)?.id).toBe(made.clock_id);
      } finally {
        await again.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('an in-person session bound to a test clock', () => {
  it('expires when its clock passes its expiry, not when the simulator clock does', async () => {
    const { sampleSession } = await import('../../test-kit/ipp-elements-kit');
    env = await afterPurchaseEnv();
    const session = env.core.ipp.sessions.create(sampleSession('device-counter-1'));
    const clock = await newClock({ name: 'till' });
    const bound = await env.api('POST', `/test_helpers/test_clocks/${clock}/bindings`, {
      session_id: session.session_id,
    });
    expect(bound.body.bound).toEqual([
      expect.objectContaining({ kind: 'ipp_session', id: session.session_id }),
    ]);
    const status = async () => (await env.api('GET', `/ipp/v1/sessions/${session.session_id}`)).body.status;
    await env.core.clockControl.advance({ seconds: 3600 });
    expect(await status()).toBe('CREATED');
    const adv = await env.api('POST', `/test_helpers/test_clocks/${clock}/advance`, { until: 'next_event' });
    expect(adv.body.fired.map((f: { kind: string; subject: string }) => [f.kind, f.subject])).toEqual([
      ['ipp.session.expiry', session.session_id],
    ]);
    expect(await status()).toBe('EXPIRED');
  });
});
