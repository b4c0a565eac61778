import { describe, expect, it, vi } from 'vitest';
import type { Db } from '../../store/db';
import type { ExchangeWriter } from '../../store/exchange-writer';
import { EventBus } from '../events';
import { silentLogger } from '../log';
import { ExchangeLog, type ExchangeEntry } from './exchange-log';

/** A writer thread stand-in whose commits settle only when the test says so, in order. */
function heldWriter() {
  const commits: { resolve: () => void; reject: (e: Error) => void }[] = [];
  let appended = 0;
  const writer: ExchangeWriter = {
    append: () => void appended++,
    commit: () => new Promise<void>((resolve, reject) => commits.push({ resolve, reject })),
    clear: () => Promise.resolve(0),
    close: () => Promise.resolve(),
  };
  return { writer, commits, appended: () => appended };
}

const entry = (n: number): ExchangeEntry => ({
  id: `ex_${n}`,
  order_id: 'o-1',
  direction: 'out',
  kind: 'push',
  method: 'POST',
  url: '/push',
  status: 200,
  duration_ms: 1,
  at: '2026-01-01T00:00:00.000Z',
  request: { headers: {}, body: null },
  response: { headers: {}, body: '' },
  outcome: 'delivered',
  violations: [],
});

/** Whether `p` has settled by the time the microtasks queued so far have run. */
async function settled(p: Promise<unknown>): Promise<boolean> {
  let done = false;
  void p.then(() => (done = true));
  for (let i = 0; i < 10; i++) await Promise.resolve();
  return done;
}

describe('ExchangeLog.catchUp (backpressure for bulk work)', () => {
  it('resolves at once while few batches wait, and otherwise once the oldest have committed', async () => {
    const w = heldWriter();
    const log = new ExchangeLog({} as Db, w.writer, new EventBus(), silentLogger);
    // Five batches handed to the writer, none committed yet.
    for (let b = 0; b < 5; b++) {
      log.record(entry(b));
      void log.flush();
    }
    expect(w.commits).toHaveLength(5);
    expect(w.appended()).toBe(5);
    expect(await settled(log.catchUp(5))).toBe(true);
    const two = log.catchUp(3); // waits for the two oldest
    const none = log.catchUp(0); // waits for all five
    w.commits[0]!.resolve();
    expect(await settled(two)).toBe(false);
    // A batch the writer refused counts as settled too: it is logged, never retried.
    w.commits[1]!.reject(new Error('disk full'));
    expect(await settled(two)).toBe(true);
    expect(await settled(none)).toBe(false);
    expect(await settled(log.catchUp(3))).toBe(true);
    w.commits[2]!.resolve();
    w.commits[3]!.resolve();
    expect(await settled(none)).toBe(false);
    w.commits[4]!.resolve();
    expect(await settled(none)).toBe(true);
    expect(await settled(log.catchUp(0))).toBe(true);
  });

  it('tells listeners about each exchange once its batch is committed', async () => {
    const w = heldWriter();
    const events = new EventBus();
    const seen: string[] = [];
    events.on('exchange.recorded', (r) => seen.push(r.id));
    const log = new ExchangeLog({} as Db, w.writer, events, silentLogger);
    log.record(entry(1));
    log.record(entry(2));
    const flushed = log.flush();
    expect(seen).toEqual([]);
    w.commits[0]!.resolve();
    await flushed;
    expect(seen).toEqual(['ex_1', 'ex_2']);
  });
});

describe('ExchangeLog.whenSettled (records that name an exchange wait for it)', () => {
  const turns = async (n: number) => {
    for (let i = 0; i < n; i++) await new Promise<void>((r) => setImmediate(r));
  };

  it('waits for the batching delay, unless a customer is waiting: then the log writes this turn', async () => {
    // The batching delay is a setTimeout that never fires here: only a hurried wait can commit.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const w = heldWriter();
      const log = new ExchangeLog({} as Db, w.writer, new EventBus(), silentLogger);
      log.record(entry(1));
      const patient = log.whenSettled(log.mark());
      await turns(3);
      expect(w.commits).toHaveLength(0);
      expect(await settled(patient)).toBe(false);

      log.record(entry(2));
      log.record(entry(3));
      const hurried = log.whenSettled(log.mark(), true);
      const again = log.whenSettled(log.mark(), true);
      await turns(3);
      // One write for everything recorded so far, however many wait.
      expect([w.commits.length, w.appended()]).toEqual([1, 3]);
      w.commits[0]!.resolve();
      expect([await settled(patient), await settled(hurried), await settled(again)]).toEqual([
        true,
        true,
        true,
      ]);
    } finally {
      vi.useRealTimers();
    }
  });
});
