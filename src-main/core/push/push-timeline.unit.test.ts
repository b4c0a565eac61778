import { afterEach, describe, expect, it } from 'vitest';
import {
  describePushSchedule,
  PUSH_MAX_ATTEMPTS,
  PUSH_WINDOW_MS,
  pushOffsets,
} from '@shared/rules/push-schedule';
import type { AppliedFault } from '@shared/schemas/merchant-faults.schema';
import { removeTempFolders } from '../../store/test-kit/main-files';
import type { OrderManagement } from '../order-management/order-management';
import { pushPlan, PushTimelines } from './push-timeline';
import { pushUnitEnv, startedOrder, storeOrder, type PushUnitEnv } from './test-kit/push-unit-env';

afterEach(removeTempFolders);

const M = 60_000;
const H = 60 * M;
const iso = (ms: number) => new Date(ms).toISOString();

/** Order management as the timeline reads it: one order's view, faults, URLs and arrival. */
function fakeOm(o: {
  acknowledged_at?: string | null;
  faults?: AppliedFault[];
  urls?: Record<string, string> | null;
}) {
  const view = {
    order: {
      status: 'AUTHORIZED',
      fraud_status: 'ACCEPTED',
      created_at: '2026-01-01T00:00:00.000Z',
      expires_at: '2026-01-29T00:00:00.000Z',
    },
    acknowledged_at: o.acknowledged_at ?? null,
    notifications: [],
  };
  const known = (id: string) => id === 'order-1';
  return {
    view: (id: string) => (known(id) ? view : null),
    faultsApplied: () => o.faults ?? [],
    merchantUrls: () => (o.urls === undefined ? { push: 'https://m.test/p/{checkout.order.id}' } : o.urls),
    arrivalOf: () => ({ mode: 'push_first' }),
  } as unknown as OrderManagement;
}

function timelines(env: PushUnitEnv, om = fakeOm({})) {
  return new PushTimelines(env.db, env.clock, om, env.push, env.timers);
}

const fault = (f: AppliedFault['fault'], attempt: number): AppliedFault => ({
  fault: f,
  at: '2026-01-01T00:02:00.000Z',
  attempt,
  exchange_ids: [],
  note: 'n',
});

describe('pushPlan', () => {
  it('is the schedule as the spec states it', () => {
    expect(pushPlan()).toEqual({
      description: describePushSchedule(),
      first_delay_ms: 2 * M,
      offsets_ms: [...pushOffsets()],
      window_ms: 48 * H,
      max_attempts: 16,
    });
    expect(PUSH_MAX_ATTEMPTS).toBe(16);
  });
});

describe('PushTimelines.timeline', () => {
  it('is null for an order it does not know, in order management or in the store', () => {
    const env = pushUnitEnv();
    expect(timelines(env).timeline('order-1')).toBeNull(); // known to the view, not stored
    startedOrder(env, 'order-2');
    expect(timelines(env).timeline('order-2')).toBeNull(); // stored, not known to the view
  });

  it('lays the 16 planned attempts from the first, made or pending, with the window and the now cursor', async () => {
    const env = pushUnitEnv();
    const { firstDueMs } = startedOrder(env);
    await env.timers.fireDue(firstDueMs + pushOffsets()[1]!, true);
    const om = fakeOm({
      faults: [fault('duplicate_push', 2), fault('push_unknown_order', 1), fault('duplicate_push', 1)],
    });
    const t = timelines(env, om).timeline('order-1')!;
    expect(t.planned).toHaveLength(16);
    expect(t.planned.slice(0, 4)).toEqual([
      { number: 1, offset_ms: 0, due_at: iso(firstDueMs), state: 'made' },
      { number: 2, offset_ms: 5 * M, due_at: iso(firstDueMs + 5 * M), state: 'made' },
      { number: 3, offset_ms: 15 * M, due_at: iso(firstDueMs + 15 * M), state: 'pending' },
      { number: 4, offset_ms: 30 * M, due_at: iso(firstDueMs + 30 * M), state: 'pending' },
    ]);
    expect(t.attempts.map((a) => [a.number, a.faults])).toEqual([
      [1, ['push_unknown_order', 'duplicate_push']],
      [2, ['duplicate_push']],
    ]);
    expect(t).toMatchObject({
      order_id: 'order-1',
      status: 'AUTHORIZED',
      fraud_status: 'ACCEPTED',
      completed_at: '2026-01-01T00:00:00.000Z',
      first_attempt_at: iso(firstDueMs),
      window_ends_at: iso(firstDueMs + PUSH_WINDOW_MS),
      push_url: 'https://m.test/p/order-1',
      arrival: { mode: 'push_first' },
      next_attempt_at: iso(firstDueMs + 15 * M),
      acknowledged_at: null,
      notifications: [],
      expires_at: '2026-01-29T00:00:00.000Z',
      now: iso(env.clock.now()),
    });
    expect(t.merchant_faults).toHaveLength(3);
  });

  it('shows an attempt without faults as it is, and the ones left cancelled once acknowledged', async () => {
    const env = pushUnitEnv();
    const { firstDueMs } = startedOrder(env);
    await env.timers.fireDue(firstDueMs, true);
    env.push.stop('order-1');
    const t = timelines(
      env,
      fakeOm({ acknowledged_at: iso(firstDueMs), faults: [fault('push_gives_up', 9)] }),
    ).timeline('order-1')!;
    expect(t.attempts).toEqual(env.push.attempts('order-1'));
    expect('faults' in t.attempts[0]!).toBe(false);
    expect(t.planned.map((p) => p.state)).toEqual(['made', ...Array(15).fill('cancelled')]);
    expect(t.next_attempt_at).toBeNull();
  });

  it('names the next push attempt only, not another timer of the order', () => {
    const env = pushUnitEnv();
    const { firstDueMs } = startedOrder(env);
    env.timers.add({ kind: 'order.expiry', dueMs: env.clock.now() + 1000, orderId: 'order-1' });
    expect(timelines(env).timeline('order-1')!.next_attempt_at).toBe(iso(firstDueMs));
  });

  it('has no plan, window or push URL for an order without push', () => {
    const env = pushUnitEnv();
    storeOrder(env.db, 'order-1', env.clock.now());
    const t = timelines(env, fakeOm({ urls: null })).timeline('order-1')!;
    expect(t).toMatchObject({
      planned: [],
      attempts: [],
      first_attempt_at: null,
      window_ends_at: null,
      push_url: null,
      next_attempt_at: null,
    });
    const noPushKey = timelines(env, fakeOm({ urls: { confirmation: 'https://m.test/c' } }));
    expect(noPushKey.timeline('order-1')!.push_url).toBeNull();
  });
});

describe('PushTimelines.overview', () => {
  it('lists the orders awaiting acknowledgement, soonest next attempt first, with the next number', async () => {
    const env = pushUnitEnv();
    const a = startedOrder(env, 'a');
    env.clock.advance(M);
    startedOrder(env, 'b');
    env.outbound.answer = () => ({ status: 503, headers: {}, body: null });
    await env.timers.fireDue(a.firstDueMs, true);
    expect(timelines(env).overview()).toEqual([
      {
        order_id: 'b',
        completed_at: iso(a.firstDueMs - 2 * M + M),
        attempts_made: 0,
        last_outcome: null,
        last_status: null,
        next_attempt_at: iso(a.firstDueMs + M),
        next_attempt_number: 1,
      },
      {
        order_id: 'a',
        completed_at: iso(a.firstDueMs - 2 * M),
        attempts_made: 1,
        last_outcome: 'bad_status',
        last_status: 503,
        next_attempt_at: iso(a.firstDueMs + 5 * M),
        next_attempt_number: 2,
      },
    ]);
    expect(
      timelines(env)
        .overview(1)
        .map((o) => o.order_id),
    ).toEqual(['b']);
  });

  it('takes in the answers still waiting for the log, and shows a finished schedule with no next', async () => {
    const env = pushUnitEnv();
    const a = startedOrder(env, 'a');
    await env.timers.fireDue(a.firstDueMs + 60 * H, true);
    env.logMarks.held = true;
    env.clock.advance(H);
    const late = startedOrder(env, 'late', 'https://m.test/late', { immediate: true });
    await env.timers.fireDue(late.firstDueMs, true);
    env.logMarks.release();
    const all = timelines(env).overview();
    expect(all.map((o) => [o.order_id, o.attempts_made, o.last_outcome, o.next_attempt_number])).toEqual([
      ['late', 1, 'delivered', 2],
      ['a', 16, 'delivered', null],
    ]);
    expect(all[1]!.next_attempt_at).toBeNull();
  });
});
