import { afterEach, describe, expect, it } from 'vitest';
import { removeTempFolders } from '../../store/test-kit/main-files';
import { RECENT_PUSH_MS, recentPush } from './push-recent';
import { pushUnitEnv, startedOrder, storeOrder, type PushUnitEnv } from './test-kit/push-unit-env';

afterEach(removeTempFolders);

const M = 60_000;
const H = 60 * M;
const D = 24 * H;
const iso = (ms: number) => new Date(ms).toISOString();

const acknowledge = (env: PushUnitEnv, orderId: string) => {
  env.push.stop(orderId);
  env.db
    .prepare('UPDATE om_orders SET acknowledged_at = ? WHERE order_id = ?')
    .run(iso(env.clock.now()), orderId);
};

describe('recentPush', () => {
  it('lists the orders with push completed in the last 7 days, newest first, each with its state', async () => {
    const env = pushUnitEnv();
    expect(RECENT_PUSH_MS).toBe(7 * D);
    const t0 = env.clock.now();
    startedOrder(env, 'too-old');
    env.clock.advance(1);
    const oldest = startedOrder(env, 'never'); // exactly 7 days old at the end: still listed
    env.clock.advance(H);
    startedOrder(env, 'acked-before');
    acknowledge(env, 'acked-before');
    env.clock.advance(H);
    const acked = startedOrder(env, 'acked');
    env.outbound.answer = () => ({ status: 500, headers: {}, body: null });
    await env.timers.fireDue(acked.firstDueMs, true);
    acknowledge(env, 'acked');
    // Its first attempt goes exactly 7 days after 'never' was completed.
    env.clock.advance(t0 + 1 + 7 * D - 2 * M - env.clock.now());
    const awaiting = startedOrder(env, 'awaiting');
    await env.timers.fireDue(awaiting.firstDueMs, true);
    expect(env.clock.now()).toBe(t0 + 1 + 7 * D);

    const recent = recentPush(env.db, env.clock);
    expect(recent.map((r) => [r.order_id, r.state])).toEqual([
      ['awaiting', 'awaiting'],
      ['acked', 'acknowledged'],
      ['acked-before', 'acknowledged_before_push'],
      ['never', 'never_acknowledged'],
    ]);
    expect(recent[0]).toEqual({
      order_id: 'awaiting',
      completed_at: iso(awaiting.firstDueMs - 2 * M),
      acknowledged_at: null,
      attempts_made: 1,
      last_outcome: 'bad_status',
      last_status: 500,
      next_attempt_at: iso(awaiting.firstDueMs + 5 * M),
      next_attempt_number: 2,
      state: 'awaiting',
    });
    expect(recent[3]).toMatchObject({
      completed_at: iso(oldest.firstDueMs - 2 * M),
      attempts_made: 16,
      next_attempt_at: null,
      next_attempt_number: null,
    });
    expect(recent[1]).toMatchObject({ acknowledged_at: iso(acked.firstDueMs), attempts_made: 1 });
    expect(recentPush(env.db, env.clock, 2).map((r) => r.order_id)).toEqual(['awaiting', 'acked']);
  });

  it('lists at most 200 unless told otherwise', () => {
    const env = pushUnitEnv();
    const at = iso(env.clock.now());
    const insert = env.db.transaction(() => {
      for (let i = 0; i < 201; i++)
        storeOrder(env.db, `o${i}`, env.clock.now(), { acknowledged_at: at, first_push_ms: env.clock.now() });
    });
    insert();
    expect(recentPush(env.db, env.clock)).toHaveLength(200);
    expect(recentPush(env.db, env.clock, 201)).toHaveLength(201);
  });
});
