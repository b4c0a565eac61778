import { afterEach, describe, expect, it } from 'vitest';
import { pushOffsets } from '@shared/rules/push-schedule';
import { afterPurchaseEnv } from '../../test-kit/after-purchase-env';

const M = 60_000;
let env: Awaited<ReturnType<typeof afterPurchaseEnv>>;
afterEach(() => env?.close());

const pushes = () => env.stub.to('/push');

describe('push over a real socket, on a manual clock', () => {
  it('makes 16 attempts at exactly the spec offsets when nobody acknowledges, and none after', async () => {
    env = await afterPurchaseEnv();
    const completedAt = env.clock.now();
    await env.complete();
    expect(pushes()).toHaveLength(0);
    const fired = (await env.drain()).filter((f) => f.kind === 'push.attempt');
    const first = completedAt + 2 * M;
    expect(fired.map((f) => Date.parse(f.at) - first)).toEqual([...pushOffsets()]);
    expect(pushes()).toHaveLength(16);
    for (const p of pushes()) {
      expect([p.method, p.body, p.url]).toEqual(['POST', '', `/push?order=${env.id}`]);
      expect(p.headers['user-agent']).toMatch(/^CheckoutSimulator\//);
    }
    const attempts = env.core.push.attempts(env.id);
    expect(attempts.map((a) => a.number)).toEqual([...Array(16).keys()].map((i) => i + 1));
    expect(attempts.map((a) => Date.parse(a.sent_at) - first)).toEqual([...pushOffsets()]);
    expect(attempts.every((a) => a.outcome === 'delivered' && a.status === 200)).toBe(true);
    // Nothing is left but the authorization's expiry, 28 days on; advancing further sends nothing.
    await env.core.clockControl.advance({ seconds: 90 * 24 * 3600 });
    expect(pushes()).toHaveLength(16);
  });

  it('stops after the third push when the merchant acknowledges it', async () => {
    env = await afterPurchaseEnv();
    env.stub.on('/push', async (req) => {
      if (pushes().length === 3) {
        const id = new URL(req.url, 'http://x').searchParams.get('order')!;
        const fetched = await env.api('GET', `/ordermanagement/v1/orders/${id}`);
        expect(fetched.status).toBe(200);
        expect((await env.api('POST', `/ordermanagement/v1/orders/${id}/acknowledge`)).status).toBe(204);
      }
      return { status: 200 };
    });
    await env.complete();
    await env.drain();
    expect(pushes()).toHaveLength(3);
    const timeline = env.core.timelines.timeline(env.id)!;
    expect(timeline.attempts).toHaveLength(3);
    expect(timeline.acknowledged_at).toBe(timeline.attempts[2]!.sent_at);
    expect(timeline.planned.map((p) => p.state)).toEqual([
      ...Array(3).fill('made'),
      ...Array(13).fill('cancelled'),
    ]);
    expect(timeline.next_attempt_at).toBeNull();
  });

  it('retries a 200 that is not followed by an acknowledgement, and a 500, alike', async () => {
    env = await afterPurchaseEnv();
    let n = 0;
    env.stub.on('/push', () => ({ status: ++n % 2 === 0 ? 500 : 200 }));
    await env.complete();
    await env.core.clockControl.advance({ seconds: 2 * 60 + 15 * 60 });
    const attempts = env.core.push.attempts(env.id);
    expect(attempts.map((a) => [a.number, a.status, a.outcome])).toEqual([
      [1, 200, 'delivered'],
      [2, 500, 'bad_status'],
      [3, 200, 'delivered'],
    ]);
    const log = await env.core.exchanges.list({ orderId: env.id, ascending: true });
    const bad = log.filter((e) => e.kind === 'push' && e.status === 500)[0]!;
    const messages = bad.violations.map((v) => v.message);
    expect(messages).toEqual([
      expect.stringContaining('would fail in production'),
      expect.stringContaining('retried until the order is acknowledged'),
    ]);
  });

  it('answers the advance with what fired, in due order, and the timeline shows the plan and the now cursor', async () => {
    env = await afterPurchaseEnv();
    await env.complete();
    const r = await env.core.clockControl.advance({ seconds: 20 * 60 });
    expect(r.fired.map((f) => [f.kind, f.order_id])).toEqual([
      ['push.attempt', env.id],
      ['push.attempt', env.id],
      ['push.attempt', env.id],
    ]);
    expect(r.fired_total).toBe(3);
    expect(r.now).toBe(new Date(Date.parse('2026-01-01T00:00:00Z') + 20 * M).toISOString());
    const t = env.core.timelines.timeline(env.id)!;
    expect(t.planned).toHaveLength(16);
    expect(t.planned.filter((p) => p.state === 'made')).toHaveLength(3);
    expect(t.next_attempt_at).toBe(t.planned[3]!.due_at);
    expect(t.now).toBe(r.now);
    expect(t.window_ends_at).toBe(new Date(Date.parse(t.first_attempt_at!) + 48 * 60 * M).toISOString());
    const overview = env.core.timelines.overview();
    expect(overview).toEqual([
      expect.objectContaining({
        order_id: env.id,
        attempts_made: 3,
        next_attempt_number: 4,
        last_status: 200,
      }),
    ]);
  });

  it('records each attempt with its number, due and sent time, status, duration and exchange', async () => {
    env = await afterPurchaseEnv();
    await env.complete();
    await env.drain();
    const [a] = env.core.push.attempts(env.id);
    expect(a).toMatchObject({ number: 1, status: 200, outcome: 'delivered' });
    expect(a!.due_at).toBe(a!.sent_at);
    expect(a!.duration_ms).toBeGreaterThan(0);
    const log = await env.core.exchanges.list({ orderId: env.id });
    expect(log.find((e) => e.id === a!.exchange_id)?.kind).toBe('push');
  });
});
