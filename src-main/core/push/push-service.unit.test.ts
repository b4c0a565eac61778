import { afterEach, describe, expect, it } from 'vitest';
import { PUSH_FIRST_DELAY_MS, pushOffsets } from '@shared/rules/push-schedule';
import type { PushAttempt } from '@shared/schemas/push.schema';
import { listPushAttempts } from '../../store/push-attempts.repo';
import { removeTempFolders } from '../../store/test-kit/main-files';
import { attemptOf, PUSH_KIND } from './push-service';
import { PUSH_RESEND_KIND } from './push-recovery';
import { leftSending, pushUnitEnv, startedOrder, type PushUnitEnv } from './test-kit/push-unit-env';

afterEach(removeTempFolders);

const M = 60_000;
const H = 60 * M;
const iso = (ms: number) => new Date(ms).toISOString();

/** Fires every timer due up to `ms` as an advance does (the clock moved to each due time). */
const fireTo = (env: PushUnitEnv, ms: number) => env.timers.fireDue(ms, true);

describe('attemptOf', () => {
  it('gives the stored row as the API shows it, with a note only when there is one', () => {
    const row = {
      seq: 3,
      order_id: 'o',
      number: 2,
      due_ms: Date.parse('2026-01-01T00:07:00Z'),
      sent_ms: Date.parse('2026-01-01T00:07:01Z'),
      status: 200,
      duration_ms: 12,
      outcome: 'delivered',
      exchange_id: 'e1',
    };
    const a: PushAttempt = {
      order_id: 'o',
      number: 2,
      due_at: '2026-01-01T00:07:00.000Z',
      sent_at: '2026-01-01T00:07:01.000Z',
      status: 200,
      duration_ms: 12,
      outcome: 'delivered',
      exchange_id: 'e1',
    };
    expect(attemptOf(row)).toStrictEqual(a);
    expect(attemptOf({ ...row, note: null })).toStrictEqual(a);
    expect(attemptOf({ ...row, note: '' })).toStrictEqual(a);
    expect(attemptOf({ ...row, note: 'late' })).toStrictEqual({ ...a, note: 'late' });
  });
});

describe('the push schedule, fired by the timers on a manual clock', () => {
  it('schedules the first attempt 2 minutes after completion, or at once for push first', () => {
    const env = pushUnitEnv();
    const now = env.clock.now();
    const a = startedOrder(env, 'a');
    const b = startedOrder(env, 'b', 'https://m.test/b', { immediate: true });
    expect(a.firstDueMs).toBe(now + PUSH_FIRST_DELAY_MS);
    expect(b.firstDueMs).toBe(now);
    const [timer] = env.timers.forOrder('a');
    expect(timer).toMatchObject({ id: a.schedule, kind: PUSH_KIND, due_ms: now + 2 * M });
    expect(JSON.parse(timer!.payload!)).toEqual({
      n: 1,
      url: 'https://merchant.test/push?o=a',
      first: now + 2 * M,
    });
  });

  it('sends an empty POST with the JSON content type and records the answer under the planned exchange', async () => {
    const env = pushUnitEnv(4_000);
    const { orderId, firstDueMs } = startedOrder(env);
    await fireTo(env, firstDueMs);
    expect(env.outbound.sent).toHaveLength(1);
    const req = env.outbound.sent[0]!;
    expect(req).toMatchObject({
      kind: 'push',
      orderId,
      method: 'POST',
      url: `https://merchant.test/push?o=${orderId}`,
      headers: { 'Content-Type': 'application/json' },
      body: null,
      timeoutMs: 4_000,
    });
    expect('fault' in req).toBe(false);
    const [row] = listPushAttempts(env.db, orderId);
    expect(row).toMatchObject({
      number: 1,
      due_ms: firstDueMs,
      sent_ms: firstDueMs,
      status: 200,
      duration_ms: 7,
      outcome: 'delivered',
      exchange_id: req.exchangeId,
      wire: 'answered',
      claim: null,
    });
    expect(row!.planned_exchange).toBe(req.exchangeId);
    expect(env.push.attempts(orderId)).toEqual([attemptOf(row!)]);
  });

  it('makes the 16 attempts at the spec offsets when nobody acknowledges, then nothing', async () => {
    const env = pushUnitEnv();
    const { orderId, firstDueMs } = startedOrder(env);
    env.outbound.answer = () => ({ status: 500, headers: {}, body: null });
    await fireTo(env, firstDueMs + 60 * 24 * H);
    const attempts = env.push.attempts(orderId);
    expect(attempts.map((a) => a.number)).toEqual(pushOffsets().map((_, i) => i + 1));
    expect(attempts.map((a) => Date.parse(a.due_at) - firstDueMs)).toEqual([...pushOffsets()]);
    expect(attempts.map((a) => Date.parse(a.sent_at) - firstDueMs)).toEqual([...pushOffsets()]);
    expect(new Set(attempts.map((a) => a.outcome))).toEqual(new Set(['bad_status']));
    expect(env.timers.forOrder(orderId)).toEqual([]);
  });

  it('moves the one schedule timer to the next attempt after each claim', async () => {
    const env = pushUnitEnv();
    const { orderId, firstDueMs, schedule } = startedOrder(env);
    await fireTo(env, firstDueMs);
    const [timer] = env.timers.forOrder(orderId);
    expect(timer).toMatchObject({ id: schedule, kind: PUSH_KIND, due_ms: firstDueMs + pushOffsets()[1]! });
    expect(JSON.parse(timer!.payload!)).toMatchObject({ n: 2, first: firstDueMs });
  });

  it('stop cancels the attempts not yet made', async () => {
    const env = pushUnitEnv();
    const { orderId, firstDueMs } = startedOrder(env);
    await fireTo(env, firstDueMs);
    expect(env.push.stop(orderId)).toBe(1);
    expect(env.push.stop(orderId)).toBe(0);
    await fireTo(env, firstDueMs + 60 * H);
    expect(env.outbound.sent).toHaveLength(1);
  });

  it('tells push.attempted listeners of each attempt as the API shows it', async () => {
    const env = pushUnitEnv();
    const { orderId, firstDueMs } = startedOrder(env);
    const told: PushAttempt[] = [];
    env.events.on('push.attempted', (a) => told.push(a));
    await fireTo(env, firstDueMs);
    expect(told).toEqual([
      {
        order_id: orderId,
        number: 1,
        due_at: iso(firstDueMs),
        sent_at: iso(firstDueMs),
        status: 200,
        duration_ms: 7,
        outcome: 'delivered',
        exchange_id: env.outbound.sent[0]!.exchangeId,
      },
    ]);
  });
});

describe('an answer is stored only once the log holds its exchange', () => {
  it('keeps it in memory (readers see it) until the log settles, then writes it', async () => {
    const env = pushUnitEnv();
    const { orderId, firstDueMs } = startedOrder(env);
    expect(env.push.firstSettled(orderId)).toBe(false);
    env.logMarks.held = true;
    await fireTo(env, firstDueMs);
    const [row] = listPushAttempts(env.db, orderId);
    // Marked written (a database without a marks file marks it in the row), no answer stored yet.
    expect(row).toMatchObject({ outcome: 'sending', exchange_id: null, status: null, wire: 'written' });
    expect(env.push.attempts(orderId)).toMatchObject([
      { number: 1, outcome: 'delivered', status: 200, duration_ms: 7, exchange_id: row!.planned_exchange },
    ]);
    expect(env.push.firstSettled(orderId)).toBe(true);
    env.push.flush();
    expect(listPushAttempts(env.db, orderId)[0]?.outcome).toBe('sending');
    env.logMarks.release();
    await new Promise((r) => setImmediate(r));
    expect(listPushAttempts(env.db, orderId)[0]).toMatchObject({
      outcome: 'delivered',
      status: 200,
      exchange_id: row!.planned_exchange,
      wire: 'answered',
    });
  });

  it('writes the ones whose exchange is logged and keeps the others', async () => {
    const env = pushUnitEnv();
    const a = startedOrder(env, 'a');
    const b = startedOrder(env, 'b');
    await fireTo(env, a.firstDueMs);
    expect(listPushAttempts(env.db, 'a')[0]?.outcome).toBe('delivered');
    env.logMarks.held = true;
    await fireTo(env, b.firstDueMs + pushOffsets()[1]!);
    expect(listPushAttempts(env.db, 'a').map((r) => r.outcome)).toEqual(['delivered', 'sending']);
    expect(env.push.attempts('a').map((r) => r.outcome)).toEqual(['delivered', 'delivered']);
    expect(env.push.attempts('b').map((r) => r.outcome)).toEqual(['delivered', 'delivered']);
    env.logMarks.release();
    env.push.close();
    expect(listPushAttempts(env.db, 'b').map((r) => r.outcome)).toEqual(['delivered', 'delivered']);
  });

  it('rebuffers a written batch when the enclosing transaction rolls back', async () => {
    const env = pushUnitEnv();
    const { orderId, firstDueMs } = startedOrder(env);
    env.logMarks.held = true;
    await fireTo(env, firstDueMs);
    env.logMarks.release();
    let undo: (() => void) | undefined;
    expect(() =>
      env.db.transaction(() => {
        undo = env.push.flush();
        expect(listPushAttempts(env.db, orderId)[0]?.outcome).toBe('delivered');
        throw new Error('rolled back');
      })(),
    ).toThrow('rolled back');
    expect(listPushAttempts(env.db, orderId)[0]?.outcome).toBe('sending');
    expect(env.push.flush()).toBeUndefined(); // written already, as far as it knows
    undo!();
    env.push.flush();
    expect(listPushAttempts(env.db, orderId)[0]?.outcome).toBe('delivered');
  });
});

describe('push_after_ack: one more attempt after the acknowledgement', () => {
  it('is not scheduled for an order without push', () => {
    const env = pushUnitEnv();
    expect(env.push.afterAcknowledgement('nobody', 'https://m.test/p')).toBe(false);
    expect(env.timers.forOrder('nobody')).toEqual([]);
  });

  it('goes now as the next number, under the fault, and is the last', async () => {
    const env = pushUnitEnv();
    const { orderId, firstDueMs } = startedOrder(env);
    await fireTo(env, firstDueMs + pushOffsets()[1]!);
    env.push.stop(orderId);
    env.clock.advance(3 * M);
    const now = env.clock.now();
    expect(env.push.afterAcknowledgement(orderId, 'https://m.test/after')).toBe(true);
    expect(env.timers.forOrder(orderId)).toMatchObject([{ kind: PUSH_KIND, due_ms: now }]);
    await fireTo(env, now + 60 * H);
    expect(env.outbound.sent.map((r) => [r.url, r.fault])).toEqual([
      [`https://merchant.test/push?o=${orderId}`, undefined],
      [`https://merchant.test/push?o=${orderId}`, undefined],
      ['https://m.test/after', 'push_after_ack'],
    ]);
    const attempts = env.push.attempts(orderId);
    expect(attempts.map((a) => [a.number, a.due_at])).toEqual([
      [1, iso(firstDueMs)],
      [2, iso(firstDueMs + pushOffsets()[1]!)],
      [3, iso(now)],
    ]);
    expect(env.faults.recorded.map((r) => [r.applied.fault, r.applied.attempt])).toEqual([
      ['push_after_ack', 3],
    ]);
    expect(env.timers.forOrder(orderId)).toEqual([]);
  });

  it('is attempt 1 when none was made yet, on the order schedule', async () => {
    const env = pushUnitEnv();
    const { orderId, firstDueMs } = startedOrder(env);
    env.push.stop(orderId);
    expect(env.push.afterAcknowledgement(orderId, 'https://m.test/after')).toBe(true);
    const [timer] = env.timers.forOrder(orderId);
    expect(JSON.parse(timer!.payload!)).toMatchObject({ n: 1, first: firstDueMs, last: true });
    await fireTo(env, env.clock.now());
    expect(env.push.attempts(orderId).map((a) => a.number)).toEqual([1]);
  });
});

describe('after a stop, an attempt claimed and never written', () => {
  function killedWithClaim(env: PushUnitEnv, n: number, claimedMs: number) {
    const { orderId, firstDueMs, schedule } = startedOrder(env);
    env.push.stop(orderId); // only the claimed attempt is left to send
    const dueMs = firstDueMs + pushOffsets()[n - 1]!;
    const claim = JSON.stringify({ n, url: 'https://m.test/again', first: firstDueMs });
    const seq = leftSending(env.db, {
      schedule,
      orderId,
      number: n,
      dueMs,
      sentMs: claimedMs,
      wire: 'claimed',
      planned: 'planned-1',
      claim,
    });
    return { orderId, dueMs, seq };
  }

  it('is sent once at the restart, late and saying so, under its planned exchange', async () => {
    const env = pushUnitEnv();
    const { orderId, dueMs } = killedWithClaim(env, 2, Date.parse('2026-01-01T00:07:00Z'));
    env.clock.advance(90 * M);
    const { push, timers } = env.restart();
    expect(push.resendsWaiting).toBe(true);
    expect(env.log.lines).toEqual([
      [
        'warn',
        'push attempts in flight when the simulator stopped: 0 answered (read from the exchange log), ' +
          '0 written and unanswered (interrupted), 1 never written (sent now)',
      ],
    ]);
    const now = env.clock.now();
    await timers.fireDue(now, false);
    expect(env.outbound.sent.map((r) => [r.url, r.exchangeId])).toEqual([
      ['https://m.test/again', 'planned-1'],
    ]);
    const [row] = listPushAttempts(env.db, orderId);
    expect(row).toMatchObject({ number: 2, due_ms: dueMs, sent_ms: now, outcome: 'delivered' });
    expect(row!.note).toMatch(/sent after the restart, \d+ s late$/);
    await timers.fireDue(now, false);
    expect(env.outbound.sent).toHaveLength(1);
  });

  it('the last of the window, resent, is the last: the give-up fault is applied after it', async () => {
    const env = pushUnitEnv();
    env.faults.switchedOn.add('push_gives_up');
    const last = pushOffsets().length;
    killedWithClaim(env, last, env.clock.now());
    env.clock.advance(49 * H);
    await env.restart().timers.fireDue(env.clock.now(), false);
    expect(env.faults.recorded.map((r) => [r.applied.fault, r.applied.attempt])).toEqual([
      ['push_gives_up', last],
    ]);
  });

  it('is not sent when its row was answered in between', async () => {
    const env = pushUnitEnv();
    const { seq } = killedWithClaim(env, 1, env.clock.now());
    const { timers } = env.restart();
    env.db.prepare("UPDATE push_attempts SET outcome = 'delivered' WHERE seq = ?").run(seq);
    await timers.fireDue(env.clock.now() + H, false);
    expect(env.outbound.sent.filter((r) => r.url === 'https://m.test/again')).toEqual([]);
    expect(env.timers.forOrder('order-1').filter((t) => t.kind === PUSH_RESEND_KIND)).toEqual([]);
  });

  it('a start with nothing in flight says nothing and waits for no resend', () => {
    const env = pushUnitEnv();
    startedOrder(env);
    const { push } = env.restart();
    expect(push.resendsWaiting).toBe(false);
    expect(env.log.lines).toEqual([]);
  });
});
