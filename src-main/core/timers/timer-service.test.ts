import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb, type Db } from '../../store/db';
import { ManualClock } from '../clock';
import { silentLogger } from '../log';
import { TimerService } from './timer-service';

let dir = '';
let db: Db;
let clock: ManualClock;
let timers: TimerService;
const T0 = Date.parse('2026-01-01T00:00:00Z');

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sim-timers-'));
  db = openDb(join(dir, 'db.sqlite'));
  clock = new ManualClock(T0);
  timers = new TimerService(db, clock, silentLogger, { concurrency: 4 });
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const later = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('TimerService', () => {
  it('fires what came due in due order, each once, and moves the clock to each due time', async () => {
    const seen: [string, number][] = [];
    timers.register('t', {
      claim: (row) => {
        seen.push([row.subject!, clock.now()]);
        return null;
      },
    });
    for (const [s, at] of [
      ['c', 300],
      ['a', 100],
      ['b', 200],
      ['late', 900],
    ] as const)
      timers.schedule({ kind: 't', dueMs: T0 + at, subject: s });
    const r = await timers.fireDue(T0 + 500, true);
    expect(seen).toEqual([
      ['a', T0 + 100],
      ['b', T0 + 200],
      ['c', T0 + 300],
    ]);
    expect([r.total, r.fired.map((f) => f.subject)]).toEqual([3, ['a', 'b', 'c']]);
    expect((await timers.fireDue(T0 + 500, true)).total).toBe(0);
    expect(timers.pendingCount()).toBe(1);
    expect(timers.nextDue()).toBe(T0 + 900);
  });

  it('fires a timer scheduled by a claim within the same advance, in order among the others', async () => {
    const seen: string[] = [];
    timers.register('chain', {
      claim: (row) => {
        seen.push(row.subject!);
        const n = Number(row.subject!.slice(1));
        if (n < 3) timers.schedule({ kind: 'chain', dueMs: row.due_ms + 10, subject: `x${n + 1}` });
        return null;
      },
    });
    timers.register('other', { claim: (row) => (seen.push(row.subject!), null) });
    timers.schedule({ kind: 'chain', dueMs: T0 + 10, subject: 'x1' });
    timers.schedule({ kind: 'other', dueMs: T0 + 25, subject: 'y' });
    await timers.fireDue(T0 + 100, true);
    expect(seen).toEqual(['x1', 'x2', 'y', 'x3']);
  });

  it('runs follow-ups concurrently up to the limit, but never two of one subject at once', async () => {
    let inFlight = 0;
    let peak = 0;
    const perOrder = new Map<string, number>();
    timers.register('net', {
      claim: (row) => async () => {
        inFlight++;
        peak = Math.max(peak, inFlight);
        const k = row.order_id!;
        perOrder.set(k, (perOrder.get(k) ?? 0) + 1);
        expect(perOrder.get(k)).toBe(1);
        await later(5);
        perOrder.set(k, perOrder.get(k)! - 1);
        inFlight--;
      },
    });
    for (let i = 0; i < 12; i++) timers.schedule({ kind: 'net', dueMs: T0 + 1, orderId: `o${i}` });
    timers.schedule({ kind: 'net', dueMs: T0 + 2, orderId: 'o0' });
    const r = await timers.fireDue(T0 + 10, true);
    expect(r.total).toBe(13);
    expect(peak).toBe(4);
  });

  it('keeps one timer per dedupe key, cancels by order, and drops a kind that throws', async () => {
    expect(timers.schedule({ kind: 'x', dueMs: T0 + 1, dedupeKey: 'k' })).toBe(true);
    expect(timers.schedule({ kind: 'x', dueMs: T0 + 2, dedupeKey: 'k' })).toBe(false);
    timers.schedule({ kind: 'x', dueMs: T0 + 3, orderId: 'o' });
    expect(timers.cancelOrder('o', 'x')).toBe(1);
    timers.register('x', {
      claim: () => {
        throw new Error('boom');
      },
    });
    const r = await timers.fireDue(T0 + 10, true);
    expect(r.total).toBe(1);
    expect(timers.pendingCount()).toBe(0);
  });

  it('does not fire a timer cancelled while an earlier follow-up of its subject was in flight', async () => {
    const sent: string[] = [];
    timers.register('p', {
      claim: (row) => async () => {
        sent.push(row.subject!);
        await later(5);
        if (row.subject === 'first') timers.cancelOrder('o', 'p');
      },
    });
    timers.schedule({ kind: 'p', dueMs: T0 + 1, orderId: 'o', subject: 'first' });
    timers.schedule({ kind: 'p', dueMs: T0 + 2, orderId: 'o', subject: 'second' });
    await timers.fireDue(T0 + 10, true);
    expect(sent).toEqual(['first']);
  });
  it('fires a timer kept with again() at its new due time, as the same row, until it stops', async () => {
    const fired: [number, number, unknown][] = [];
    timers.register('again', {
      claim: (row, again) => {
        const n = JSON.parse(row.payload!) as number;
        fired.push([row.id, clock.now() - T0, n]);
        if (n < 3) again(row.due_ms + 100, n + 1);
        return null;
      },
    });
    const id = timers.add({ kind: 'again', dueMs: T0 + 100, orderId: 'o', payload: 1 });
    const r = await timers.fireDue(T0 + 1000, true);
    expect(fired).toEqual([
      [id, 100, 1],
      [id, 200, 2],
      [id, 300, 3],
    ]);
    expect([r.total, timers.pendingCount()]).toEqual([3, 0]);
  });

  it('claims more timers than slots in one transaction and still runs at most the limit at once', async () => {
    let inFlight = 0;
    let peak = 0;
    const commits: number[] = [];
    timers.register('many', {
      claim: () => async () => {
        inFlight++;
        peak = Math.max(peak, inFlight);
        await later(1);
        inFlight--;
      },
      // Called once at the start of every claim transaction (and when the round ends).
      flush: () => void commits.push(timers.pendingCount()),
    });
    for (let i = 0; i < 40; i++) timers.schedule({ kind: 'many', dueMs: T0 + 1, orderId: `o${i}` });
    const r = await timers.fireDue(T0 + 10, true);
    expect([r.total, peak]).toEqual([40, 4]);
    // One claim transaction took all 40 (then the round's own flush): not ten of four.
    expect(commits).toEqual([40, 0]);
  });

  it('buffers answers again when the claim transaction they were written in rolls back', async () => {
    db.exec('CREATE TABLE answers (text TEXT)');
    const insert = db.prepare('INSERT INTO answers (text) VALUES (?)');
    let buffered: string[] = ['answer 1'];
    timers.register('flaky', {
      claim: (row) => {
        if (row.subject === 'bad') throw new Error('boom');
        return null;
      },
      flush: () => {
        const batch = buffered;
        buffered = [];
        for (const text of batch) insert.run(text);
        return () => (buffered = batch.concat(buffered));
      },
    });
    timers.schedule({ kind: 'flaky', dueMs: T0 + 1, orderId: 'a', subject: 'good' });
    timers.schedule({ kind: 'flaky', dueMs: T0 + 1, orderId: 'b', subject: 'bad' });
    const r = await timers.fireDue(T0 + 10, true);
    // The batch rolled back (the bad claim threw) with the answer in it; claimed again one by one,
    // the answer is written once, not lost.
    expect(r.total).toBe(2);
    expect(db.prepare('SELECT text FROM answers').pluck().all()).toEqual(['answer 1']);
    expect(timers.pendingCount()).toBe(0);
  });
});
