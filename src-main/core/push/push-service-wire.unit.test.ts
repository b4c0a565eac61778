import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { pushOffsets } from '@shared/rules/push-schedule';
import { listPushAttempts } from '../../store/push-attempts.repo';
import { PushWireMarks } from '../../store/push-wire-marks';
import { removeTempFolders } from '../../store/test-kit/main-files';
import { leftSending, pushUnitEnv, startedOrder, type PushUnitEnv } from './test-kit/push-unit-env';

afterEach(removeTempFolders);

/** What the marks file beside simulator.db names: the attempts written and not yet answered in the db. */
const marksFile = (env: PushUnitEnv) => readFileSync(`${env.db.name}-push-written`, 'latin1');

/** Lets pending callbacks run until `ready()` holds (a bounded number of turns, never a timer). */
async function until(ready: () => boolean): Promise<void> {
  for (let i = 0; i < 1000 && !ready(); i++) await new Promise((r) => setImmediate(r));
  expect(ready()).toBe(true);
}

/** A merchant that answers the requests to `url` only when told. */
function slowMerchant(env: PushUnitEnv, url: string): () => void {
  let answer = (): void => undefined;
  const gate = new Promise<void>((r) => (answer = r));
  env.outbound.beforeAnswer = () => (env.outbound.sent.at(-1)?.url === url ? gate : Promise.resolve());
  return answer;
}

describe('where an attempt is on the wire', () => {
  it('the first attempt is not settled while it waits for its answer', async () => {
    const env = pushUnitEnv();
    const { orderId, firstDueMs } = startedOrder(env);
    const answer = slowMerchant(env, `https://merchant.test/push?o=${orderId}`);
    const firing = env.timers.fireDue(firstDueMs, true);
    await until(() => env.outbound.sent.length === 1);
    expect(env.push.firstSettled(orderId)).toBe(false);
    expect(env.push.attempts(orderId)).toMatchObject([{ number: 1, outcome: 'sending', status: null }]);
    answer();
    await firing;
    expect(env.push.firstSettled(orderId)).toBe(true);
  });

  it('marks each attempt in the file just before the write, and empties it only once none is in flight', async () => {
    const env = pushUnitEnv(10_000, true);
    const a = startedOrder(env, 'a');
    const b = startedOrder(env, 'b');
    const answerB = slowMerchant(env, 'https://merchant.test/push?o=b');
    const firing = env.timers.fireDue(a.firstDueMs, true);
    await until(() => env.outbound.sent.length === 2);
    const [seqA, seqB] = [listPushAttempts(env.db, 'a')[0]!.seq, listPushAttempts(env.db, 'b')[0]!.seq];
    // Written to the file, not to the rows (a commit per attempt would cost the rate).
    expect(listPushAttempts(env.db, 'b')[0]).toMatchObject({ wire: 'claimed', outcome: 'sending' });
    await until(() => listPushAttempts(env.db, 'a')[0]!.outcome === 'delivered');
    // a's answer is stored; b is still out, so the file still names both.
    expect(marksFile(env)).toBe(`${seqA}\n${seqB}\n`);
    answerB();
    await firing;
    expect(listPushAttempts(env.db, 'b')[0]!.outcome).toBe('delivered');
    expect(marksFile(env)).toBe('');
    expect(b.firstDueMs).toBe(a.firstDueMs);
  });

  it('does not empty the file inside a transaction, which could roll the answers back', async () => {
    const env = pushUnitEnv(10_000, true);
    const { orderId, firstDueMs } = startedOrder(env);
    env.logMarks.held = true;
    await env.timers.fireDue(firstDueMs, true);
    const seq = listPushAttempts(env.db, orderId)[0]!.seq;
    expect(marksFile(env)).toBe(`${seq}\n`);
    env.logMarks.release();
    env.db.transaction(() => env.push.flush())();
    expect(listPushAttempts(env.db, orderId)[0]!.outcome).toBe('delivered');
    expect(marksFile(env)).toBe(`${seq}\n`);
  });

  it('counts a rolled-back batch in flight again, so the file is kept while another attempt is out', async () => {
    const env = pushUnitEnv(10_000, true);
    const a = startedOrder(env, 'a');
    startedOrder(env, 'b');
    const answerB = slowMerchant(env, 'https://merchant.test/push?o=b');
    env.logMarks.held = true;
    const firing = env.timers.fireDue(a.firstDueMs, true);
    await until(() => env.outbound.sent.length === 2 && env.push.attempts('a')[0]?.outcome === 'delivered');
    const [seqA, seqB] = [listPushAttempts(env.db, 'a')[0]!.seq, listPushAttempts(env.db, 'b')[0]!.seq];
    // The log settles; before its waiter writes a's answer, a claim's transaction writes it and rolls back.
    env.logMarks.release();
    let undo: (() => void) | undefined;
    expect(() =>
      env.db.transaction(() => {
        undo = env.push.flush();
        throw new Error('rolled back');
      })(),
    ).toThrow('rolled back');
    undo!();
    await until(() => listPushAttempts(env.db, 'a')[0]!.outcome === 'delivered');
    // b is still on the wire: the file must still name it (a kill now reads b as interrupted).
    expect(marksFile(env)).toBe(`${seqA}\n${seqB}\n`);
    answerB();
    await firing;
    expect(marksFile(env)).toBe('');
  });

  it('at a restart, one the file names is interrupted, one it does not is sent, and the file is emptied', async () => {
    const env = pushUnitEnv(10_000, true);
    const a = startedOrder(env, 'a');
    const b = startedOrder(env, 'b');
    env.push.stop('a');
    env.push.stop('b');
    const claimed = (orderId: string, schedule: number) =>
      leftSending(env.db, {
        schedule,
        orderId,
        number: 1,
        dueMs: a.firstDueMs,
        wire: 'claimed',
        planned: `planned-${orderId}`,
        claim: JSON.stringify({ n: 1, url: `https://m.test/${orderId}`, first: a.firstDueMs }),
      });
    const seqA = claimed('a', a.schedule);
    claimed('b', b.schedule);
    const marks = PushWireMarks.open(env.db)!;
    marks.mark(seqA);
    const { push, timers } = env.restart();
    expect(marksFile(env)).toBe('');
    expect(push.attempts('a')).toMatchObject([{ outcome: 'interrupted' }]);
    await timers.fireDue(a.firstDueMs, false);
    expect(env.outbound.sent.map((r) => r.url)).toEqual(['https://m.test/b']);
    expect(push.attempts('b')).toMatchObject([{ outcome: 'delivered' }]);
    // The resent attempt was the one in flight: once answered, the file is emptied again.
    expect(marksFile(env)).toBe('');
    marks.close();
  });

  it('writes each round of answers as soon as the log holds them, not only the first', async () => {
    const env = pushUnitEnv();
    const { orderId, firstDueMs } = startedOrder(env);
    for (const n of [1, 2]) {
      env.logMarks.held = true;
      await env.timers.fireDue(firstDueMs + pushOffsets()[n - 1]!, true);
      expect(listPushAttempts(env.db, orderId)[n - 1]!.outcome).toBe('sending');
      env.logMarks.release();
      await until(() => listPushAttempts(env.db, orderId)[n - 1]!.outcome === 'delivered');
    }
  });

  it('says so when the answers cannot be stored, and fires on', async () => {
    const env = pushUnitEnv();
    const { orderId, firstDueMs } = startedOrder(env);
    env.db.exec(`CREATE TRIGGER refuse_answers BEFORE UPDATE OF outcome ON push_attempts
      BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`);
    await env.timers.fireDue(firstDueMs, true);
    expect(env.log.lines).toContainEqual(['error', 'could not record the answers of 1 push attempts']);
    expect(listPushAttempts(env.db, orderId)[0]!.outcome).toBe('sending');
    expect(env.push.flush()).toBeUndefined(); // dropped, not retried forever
  });
});
