import { afterEach, describe, expect, it } from 'vitest';
import { controlOps, type OpName } from '@shared/contract/control';
import { afterPurchaseEnv } from '../test-kit/after-purchase-env';
import { pushPlan } from './push/push-timeline';

let env: Awaited<ReturnType<typeof afterPurchaseEnv>>;
afterEach(() => env?.close());

/** Invokes an op and checks its answer against the contract's output schema, as the console relies on. */
async function invoke(op: OpName, input: unknown) {
  const out = await env.core.control.invoke(op, input);
  const parsed = controlOps[op].output.safeParse(out);
  if (!parsed.success) throw new Error(`${op} answered outside its schema: ${parsed.error.message}`);
  return out as never;
}

describe('after-purchase control operations', () => {
  it('serves the plan, the timeline, the overview and the order management state, in their schemas', async () => {
    env = await afterPurchaseEnv(['upsell']);
    const plan: { offsets_ms: number[]; max_attempts: number; description: string } = await invoke(
      'push.plan',
      {},
    );
    expect([plan.offsets_ms.length, plan.max_attempts]).toEqual([16, 16]);
    expect(plan.description).toContain('every 4 hours');
    expect(await invoke('push.timeline', { orderId: env.id })).toBeNull();
    expect(await invoke('om.order.get', { orderId: env.id })).toBeNull();
    await env.complete();
    await invoke('clock.advance', { until: 'next_event' });
    const t: { attempts: unknown[]; planned: unknown[] } = await invoke('push.timeline', { orderId: env.id });
    expect([t.attempts.length, t.planned.length]).toEqual([1, 16]);
    const overview: { plan: unknown; orders: { order_id: string }[] } = await invoke('push.overview', {});
    expect(overview.plan).toEqual(pushPlan());
    expect(overview.orders.map((o) => o.order_id)).toEqual([env.id]);
    const om: { order: { status: string }; source: string } = await invoke('om.order.get', {
      orderId: env.id,
    });
    expect([om.order.status, om.source]).toEqual(['AUTHORIZED', 'checkout']);
    const view: { mode: string; pending_timers: number } = await invoke('clock.get', {});
    expect(view.mode).toBe('manual');
    expect(view.pending_timers).toBe(2); // the next push and the authorization's expiry
  });

  it('lists recent purchases with their push state, including one acknowledged before any push', async () => {
    env = await afterPurchaseEnv(['push']);
    env.stub.on(env.path('push'), { status: 200 });
    await env.complete();
    // The merchant acknowledges from its confirmation page, before the first push is due.
    expect((await env.api('POST', `/ordermanagement/v1/orders/${env.id}/acknowledge`)).status).toBe(204);
    type Overview = {
      orders: unknown[];
      recent: { order_id: string; state: string; attempts_made: number }[];
    };
    const overview: Overview = await invoke('push.overview', {});
    expect(overview.orders).toEqual([]);
    expect(overview.recent.map((r) => [r.order_id, r.state, r.attempts_made])).toEqual([
      [env.id, 'acknowledged_before_push', 0],
    ]);
  });

  it('says never acknowledged once an order’s 48 hours of pushes are over', async () => {
    env = await afterPurchaseEnv(['push']);
    env.stub.on(env.path('push'), { status: 200 });
    await env.complete();
    await invoke('clock.advance', { seconds: 51 * 3600 }); // past the first push's 48 hours
    const overview: { recent: { state: string; attempts_made: number }[] } = await invoke(
      'push.overview',
      {},
    );
    expect(overview.recent.map((r) => [r.state, r.attempts_made])).toEqual([['never_acknowledged', 16]]);
  });

  it('plays upsell through the contract, and tells the console as attempts and orders change', async () => {
    env = await afterPurchaseEnv(['upsell']);
    const events: string[] = [];
    env.core.events.onAny((name) => events.push(name));
    await env.core.control.invoke('settings.update', { upsell_enabled: true });
    env.stub.on(env.path('upsell'), { body: { upsell_order_lines: [] } });
    await env.complete();
    const fetched: { outcome: string; step: string } = await invoke('upsell.fetch', { orderId: env.id });
    expect([fetched.step, fetched.outcome]).toEqual(['upsell', 'applied']);
    await expect(
      invoke('upsell.accept', { orderId: env.id, input: { upsell_order_lines: [] } }),
    ).rejects.toMatchObject({
      code: 'BAD_VALUE',
    });
    await invoke('clock.advance', { until: 'next_event' });
    expect(events).toEqual(expect.arrayContaining(['om.order.updated', 'push.attempted', 'clock.changed']));
  });
});
