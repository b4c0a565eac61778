import { afterEach, describe, expect, it } from 'vitest';
import type { StubRequest } from '../../test-kit/merchant-stub';
import { afterPurchaseEnv } from '../../test-kit/after-purchase-env';

let env: Awaited<ReturnType<typeof afterPurchaseEnv>>;
afterEach(() => env?.close());

const pushes = () => env.stub.to('/push');
const orderOf = (req: StubRequest) => new URL(req.url, 'http://stub').searchParams.get('order')!;

/** The order's own faults, set as a script would. */
async function orderFaults(faults: Record<string, unknown> | null) {
  const r = await env.api('PUT', `/test_helpers/checkout/orders/${env.id}/merchant_faults`, { faults });
  expect(r.status).toBe(200);
  return r.body;
}

/** The first push, 2 minutes after the purchase, and whatever it sets off. */
async function firstPush() {
  await env.core.clockControl.advance({ seconds: 120 });
  await env.core.timers.idle();
  await env.core.exchanges.flush();
}

async function exchange(id: string) {
  return (await env.core.exchanges.list({ orderId: env.id })).find((e) => e.id === id)!;
}

describe('push faults, observed at the merchant’s server', () => {
  it('duplicate_push: the same attempt arrives twice, and the timeline says so', async () => {
    env = await afterPurchaseEnv();
    await env.complete();
    await orderFaults({ duplicate_push: true });
    await firstPush();
    expect(pushes().map((p) => [p.method, p.url, p.body])).toEqual([
      ['POST', `/push?order=${env.id}`, ''],
      ['POST', `/push?order=${env.id}`, ''],
    ]);
    const timeline = (await env.api('GET', `/test_helpers/orders/${env.id}/push`)).body;
    expect(timeline.attempts).toHaveLength(1);
    expect(timeline.attempts[0].faults).toEqual(['duplicate_push']);
    const [applied] = timeline.merchant_faults;
    expect(applied).toMatchObject({ fault: 'duplicate_push', attempt: 1 });
    const twin = await exchange(applied.exchange_ids[0]);
    expect(twin).toMatchObject({ kind: 'push', fault: 'duplicate_push', status: 200 });
    expect(twin.outcome).toBe('delivered · fault: duplicate_push');
  });

  it('push_after_ack (as the setting): one more push arrives after the acknowledgement, then none', async () => {
    env = await afterPurchaseEnv();
    expect(
      (await env.api('PUT', '/test_helpers/merchant_faults', { push_after_ack: true })).body,
    ).toMatchObject({
      push_after_ack: true,
      duplicate_push: false,
    });
    const acknowledged: number[] = [];
    env.stub.on('/push', async (req) => {
      if (pushes().length === 1) {
        expect((await env.api('POST', `/ordermanagement/v1/orders/${orderOf(req)}/acknowledge`)).status).toBe(
          204,
        );
        acknowledged.push(pushes().length);
      }
      return { status: 200 };
    });
    await env.complete();
    await firstPush();
    await env.drain();
    expect(acknowledged).toEqual([1]);
    expect(pushes()).toHaveLength(2);
    const timeline = env.core.timelines.timeline(env.id)!;
    expect(timeline.acknowledged_at).not.toBeNull();
    expect(timeline.attempts.map((a) => [a.number, a.faults ?? []])).toEqual([
      [1, []],
      [2, ['push_after_ack']],
    ]);
    expect(Date.parse(timeline.attempts[1]!.sent_at)).toBeGreaterThanOrEqual(
      Date.parse(timeline.acknowledged_at!),
    );
    expect(timeline.next_attempt_at).toBeNull();
  });

  it('push_unknown_order: a push names an order the merchant never saw; order management does not know it', async () => {
    env = await afterPurchaseEnv();
    const fetched: number[] = [];
    env.stub.on('/push', async (req) => {
      fetched.push((await env.api('GET', `/ordermanagement/v1/orders/${orderOf(req)}`)).status);
      return { status: 200 };
    });
    await env.complete();
    await orderFaults({ push_unknown_order: true });
    await firstPush();
    const ids = pushes().map(orderOf);
    expect(ids[0]).toBe(env.id);
    expect(ids).toHaveLength(2);
    expect(ids[1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[1]).not.toBe(env.id);
    expect(fetched).toEqual([200, 404]);
    const faults = (await env.api('GET', `/test_helpers/checkout/orders/${env.id}/merchant_faults`)).body;
    expect(faults.applied).toEqual([
      expect.objectContaining({
        fault: 'push_unknown_order',
        attempt: 1,
        note: expect.stringContaining(ids[1]!),
      }),
    ]);
    expect((await exchange(faults.applied[0].exchange_ids[0])).url).toContain(ids[1]);
  });

  it('push_gives_up: acknowledgements are lost, push goes on for 48 hours and gives up unacknowledged', async () => {
    env = await afterPurchaseEnv();
    const acks: number[] = [];
    env.stub.on('/push', async (req) => {
      acks.push((await env.api('POST', `/ordermanagement/v1/orders/${orderOf(req)}/acknowledge`)).status);
      return { status: 200 };
    });
    await env.complete();
    await orderFaults({ push_gives_up: true });
    await env.drain();
    expect(pushes()).toHaveLength(16);
    expect(acks).toEqual(Array(16).fill(204));
    const timeline = env.core.timelines.timeline(env.id)!;
    expect([timeline.acknowledged_at, timeline.next_attempt_at]).toEqual([null, null]);
    const lost = timeline.merchant_faults.filter((f) => f.note.includes('acknowledgement was lost'));
    expect(lost).toHaveLength(16);
    expect(timeline.merchant_faults.at(-1)).toMatchObject({ fault: 'push_gives_up', attempt: 16 });
    expect(timeline.attempts[15]!.faults).toEqual(['push_gives_up']);
    // Nothing after the window, however far the clock goes.
    await env.core.clockControl.advance({ seconds: 7 * 24 * 3600 });
    expect(pushes()).toHaveLength(16);
  });
});

describe('notification faults, observed at the merchant’s server', () => {
  it('duplicate_notification: the notification arrives twice, the second marked on the order', async () => {
    env = await afterPurchaseEnv(['notification']);
    await env.complete({ fraud_status: 'PENDING' });
    await orderFaults({ scenario: 'forgetful_service', push_gives_up: false });
    const r = await env.api('POST', `/test_helpers/orders/${env.id}/fraud_status`, {
      fraud_status: 'ACCEPTED',
    });
    expect(r.status).toBe(200);
    const sent = env.stub.to(`/notification/${env.id}`);
    expect(sent.map((n) => n.json)).toEqual([
      { order_id: env.id, event_type: 'FRAUD_RISK_ACCEPTED' },
      { order_id: env.id, event_type: 'FRAUD_RISK_ACCEPTED' },
    ]);
    const notifications = env.core.timelines.timeline(env.id)!.notifications;
    expect(notifications.map((n) => n.fault ?? null)).toEqual([null, 'duplicate_notification']);
    const faults = await env.core.control.invoke('merchantFaults.order.get', { orderId: env.id });
    expect(faults).toMatchObject({
      own: { duplicate_notification: true, push_gives_up: false },
      effective: { duplicate_notification: true },
      applied: [{ fault: 'duplicate_notification', exchange_ids: [notifications[1]!.exchange_id] }],
    });
  });

  it('goes back to the setting with null, and the setting’s faults then apply', async () => {
    env = await afterPurchaseEnv(['notification']);
    await env.complete({ fraud_status: 'PENDING' });
    await orderFaults({ duplicate_notification: true });
    const back = await orderFaults(null);
    expect(back.own).toBeNull();
    expect(back.effective.duplicate_notification).toBe(false);
    await env.api('POST', `/test_helpers/orders/${env.id}/fraud_status`, { fraud_status: 'REJECTED' });
    expect(env.stub.to(`/notification/${env.id}`)).toHaveLength(1);
  });
});
