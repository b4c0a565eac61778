import { afterEach, describe, expect, it } from 'vitest';
import type { Exchange } from '@shared/schemas/exchange.schema';
import { getPushAttempt, type PushWire } from '../../store/push-attempts.repo';
import { startExchangeWriter } from '../../store/exchange-writer';
import { detachLog } from '../../store/log-db';
import { openTempDb, removeTempFolders } from '../../store/test-kit/main-files';
import type { Db } from '../../store/db';
import { ManualClock } from '../clock';
import { TimerService } from '../timers/timer-service';
import {
  FROM_LOG_NOTE,
  INTERRUPTED_NOTE,
  lateNote,
  PUSH_RESEND_KIND,
  recoverAttempts,
} from './push-recovery';
import { leftSending as leftSendingAttempt, recordingLogger } from './test-kit/push-unit-env';

afterEach(removeTempFolders);

const T0 = Date.parse('2026-01-01T00:02:00Z');

describe('lateNote', () => {
  it('says when it was due and claimed, and how late it goes, in whole seconds', () => {
    expect(lateNote({ due_ms: T0, sent_ms: T0 + 500 }, T0 + 61_499)).toBe(
      'due 2026-01-01T00:02:00.000Z and claimed at 2026-01-01T00:02:00.500Z, but the simulator stopped ' +
        'before its request was written: sent after the restart, 61 s late',
    );
    expect(lateNote({ due_ms: T0, sent_ms: T0 }, T0 + 61_500)).toMatch(/, 62 s late$/);
  });

  it('is never early: a resend before its due time is 0 s late', () => {
    expect(lateNote({ due_ms: T0, sent_ms: T0 }, T0 - 5_000)).toMatch(/, 0 s late$/);
  });
});

describe('what the timeline says of an attempt settled at a restart', () => {
  it('an interrupted one: most likely received, not sent again, and the one case where it was not', () => {
    expect(INTERRUPTED_NOTE).toBe(
      "the simulator stopped as its request went to the merchant's socket, before an answer was recorded: " +
        'not sent again (the merchant has most likely received it; a stop between marking it written and ' +
        'writing it means it did not)',
    );
  });

  it('one answered from the log: which file had the answer and which did not', () => {
    expect(FROM_LOG_NOTE).toBe(
      'the simulator stopped after the exchange log recorded the answer and before simulator.db did: the ' +
        'answer was read from the log at the restart',
    );
    expect(PUSH_RESEND_KIND).toBe('push.resend');
  });
});

/** An attempt a killed run left 'sending', `wire` where it got to. */
function leftSending(
  db: Db,
  o: { number: number; wire: PushWire; planned?: string | null; claim?: string | null; order?: string },
): number {
  return leftSendingAttempt(db, {
    schedule: 1,
    orderId: o.order ?? 'o1',
    number: o.number,
    dueMs: T0 + o.number * 1000,
    wire: o.wire,
    planned: o.planned === undefined ? `ex-${o.number}` : o.planned,
    claim: o.claim === undefined ? `{"n":${o.number}}` : o.claim,
  });
}

/** A push exchange as the log records it. */
const logged = (id: string, status: number | null, outcome: string | null): Exchange => ({
  id,
  order_id: 'o1',
  direction: 'out',
  kind: 'push',
  method: 'POST',
  url: 'https://m.test/push',
  status,
  duration_ms: 9,
  at: new Date(T0 + 1000).toISOString(),
  request: { headers: {}, body: null },
  response: { headers: {}, body: null },
  outcome,
  violations: [],
});

function setup() {
  const db = openTempDb();
  const clock = new ManualClock(T0);
  const log = recordingLogger();
  return { db, log, timers: new TimerService(db, clock, log) };
}

async function writeLog(db: Db, exchanges: Exchange[]): Promise<void> {
  const writer = startExchangeWriter(db.name);
  for (const e of exchanges) writer.append(e);
  await writer.commit();
  await writer.close();
}

describe('recoverAttempts', () => {
  it('finds nothing to do when nothing was in flight', () => {
    const { db, timers, log } = setup();
    expect(recoverAttempts(db, timers, log, new Set())).toEqual({ fromLog: 0, interrupted: 0, resend: 0 });
    expect(log.lines).toEqual([]);
  });

  it('reads the answer from the log for one whose exchange the log committed', async () => {
    const { db, timers, log } = setup();
    const seq = leftSending(db, { number: 1, wire: 'written' });
    await writeLog(db, [logged('ex-1', 503, 'bad_status · fault: duplicate_push')]);
    expect(recoverAttempts(db, timers, log, new Set())).toEqual({ fromLog: 1, interrupted: 0, resend: 0 });
    expect(getPushAttempt(db, seq)).toMatchObject({
      status: 503,
      duration_ms: 9,
      outcome: 'bad_status',
      exchange_id: 'ex-1',
      wire: 'answered',
      claim: null,
      note: FROM_LOG_NOTE,
    });
  });

  it('judges a logged answer by its status when its outcome says nothing push knows', async () => {
    const { db, timers, log } = setup();
    const cases: [number | null, string | null, string][] = [
      [200, null, 'delivered'],
      [299, 'sending', 'delivered'],
      [204, 'interrupted', 'delivered'],
      [199, null, 'bad_status'],
      [300, 'whatever', 'bad_status'],
      [null, null, 'unreachable'],
      [null, 'timeout', 'timeout'],
      [null, 'refused', 'refused'],
      [200, 'unreachable · fault: x', 'unreachable'],
    ];
    const seqs = cases.map((_, i) => leftSending(db, { number: i + 1, wire: 'claimed' }));
    await writeLog(
      db,
      cases.map(([status, outcome], i) => logged(`ex-${i + 1}`, status, outcome)),
    );
    expect(recoverAttempts(db, timers, log, new Set()).fromLog).toBe(cases.length);
    expect(seqs.map((s) => getPushAttempt(db, s)?.outcome)).toEqual(cases.map((c) => c[2]));
  });

  it('interrupts one written to the socket with no answer logged, and sends it never again', () => {
    const { db, timers, log } = setup();
    const written = leftSending(db, { number: 1, wire: 'written' });
    const markedInFile = leftSending(db, { number: 2, wire: 'claimed' });
    const noClaim = leftSending(db, { number: 3, wire: 'claimed', claim: null });
    expect(recoverAttempts(db, timers, log, new Set([markedInFile]))).toEqual({
      fromLog: 0,
      interrupted: 3,
      resend: 0,
    });
    for (const seq of [written, markedInFile, noClaim])
      expect(getPushAttempt(db, seq)).toMatchObject({ outcome: 'interrupted', note: INTERRUPTED_NOTE });
    expect(timers.forOrder('o1')).toEqual([]);
  });

  it('gives one claimed and never written a timer at its due time that sends it, once', () => {
    const { db, timers, log } = setup();
    const seq = leftSending(db, { number: 2, wire: 'claimed', planned: null });
    expect(recoverAttempts(db, timers, log, new Set([seq + 1]))).toEqual({
      fromLog: 0,
      interrupted: 0,
      resend: 1,
    });
    const [timer] = timers.forOrder('o1');
    expect(timer).toMatchObject({ kind: PUSH_RESEND_KIND, due_ms: T0 + 2000, order_id: 'o1' });
    expect(JSON.parse(timer!.payload!)).toEqual({ seq });
    expect(getPushAttempt(db, seq)).toMatchObject({ outcome: 'sending', wire: 'claimed', note: null });
    // A second start before it fired schedules it no second time.
    expect(recoverAttempts(db, timers, log, new Set()).resend).toBe(1);
    expect(timers.forOrder('o1')).toHaveLength(1);
  });

  it('gives each attempt to resend a timer of its own, of whichever order', () => {
    const { db, timers, log } = setup();
    const one = leftSending(db, { number: 1, wire: 'claimed', order: 'o1' });
    const two = leftSending(db, { number: 2, wire: 'claimed', order: 'o2' });
    expect(recoverAttempts(db, timers, log, new Set()).resend).toBe(2);
    const payloads = ['o1', 'o2'].flatMap((o) => timers.forOrder(o).map((t) => JSON.parse(t.payload!)));
    expect(payloads).toEqual([{ seq: one }, { seq: two }]);
  });

  it('without a readable log, says so and settles by the wire alone', () => {
    const { db, timers, log } = setup();
    leftSending(db, { number: 1, wire: 'written' });
    leftSending(db, { number: 2, wire: 'claimed' });
    detachLog(db);
    expect(recoverAttempts(db, timers, log, new Set())).toEqual({ fromLog: 0, interrupted: 1, resend: 1 });
    expect(log.lines).toEqual([
      ['error', 'could not read the exchange log for the answers of push attempts in flight at the stop'],
    ]);
  });
});
