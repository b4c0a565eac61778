import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb, type Db } from '../../store/db';
import { SimClock } from '../clock/sim-clock';
import { silentLogger } from '../log';
import { TimerRunner } from './timer-runner';
import { TimerService } from './timer-service';

let dir = '';
let db: Db;
let clock: SimClock;
let timers: TimerService;
let runner: TimerRunner;
const fired: number[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sim-runner-'));
  db = openDb(join(dir, 'db.sqlite'));
  clock = new SimClock(db, { initialMode: 'manual' });
  timers = new TimerService(db, clock, silentLogger);
  timers.register('t', { claim: (row) => (fired.push(row.due_ms), null) });
  runner = new TimerRunner(timers, clock, silentLogger);
  fired.length = 0;
});
afterEach(async () => {
  runner.stop();
  await timers.idle();
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

async function until(cond: () => boolean, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe('TimerRunner', () => {
  it('fires nothing by itself in manual mode', async () => {
    runner.start();
    timers.schedule({ kind: 't', dueMs: clock.now() - 1 });
    await new Promise((r) => setTimeout(r, 50));
    expect(fired).toEqual([]);
  });

  it('fires timers as they come due in real mode, scaled by the speed', async () => {
    runner.start();
    const now = clock.now();
    // An hour and two hours of simulator time: at 100,000× that is 36 and 72 ms of wall time.
    timers.schedule({ kind: 't', dueMs: now + 3_600_000 });
    timers.schedule({ kind: 't', dueMs: now + 7_200_000 });
    clock.configure('real', 100_000);
    runner.rearm();
    await until(() => fired.length === 2);
    expect(fired).toEqual([now + 3_600_000, now + 7_200_000]);
    expect(clock.now()).toBeGreaterThanOrEqual(now + 7_200_000);
  });

  it('re-arms for a timer sooner than the one it waits for', async () => {
    clock.configure('real', 1);
    runner.start();
    timers.schedule({ kind: 't', dueMs: clock.now() + 3_600_000 });
    timers.schedule({ kind: 't', dueMs: clock.now() + 20 });
    await until(() => fired.length === 1);
    expect(timers.pendingCount()).toBe(1);
  });

  it('keeps timers pending on a full disk, says so once naming the folder, and fires them once there is space', async () => {
    const lines: string[] = [];
    const log = {
      info: (m: string) => lines.push(`info ${m}`),
      warn: (m: string) => lines.push(`warn ${m}`),
      error: (m: string) => lines.push(`error ${m}`),
    };
    runner = new TimerRunner(timers, clock, log, null, dir);
    // A kind whose claim needs new pages: on a file that may not grow (max_page_count), SQLITE_FULL.
    db.exec('CREATE TABLE filler (x TEXT)');
    timers.register('big', {
      claim: (row) => (
        db.prepare('INSERT INTO filler VALUES (?)').run('x'.repeat(20_000)),
        fired.push(row.due_ms),
        null
      ),
    });
    db.pragma(`max_page_count = ${db.pragma('page_count', { simple: true }) as number}`);
    const due = clock.now() - 1;
    timers.schedule({ kind: 'big', dueMs: due });
    clock.configure('real', 1);
    runner.start();
    await until(() => lines.length > 0);
    expect(lines).toEqual([
      expect.stringMatching(
        new RegExp(
          `^warn the disk holding the data folder ${dir} is full: timers that came due .* stay pending, none is dropped`,
        ),
      ),
    ]);
    expect(timers.pendingCount()).toBe(1);
    db.pragma('max_page_count = 1073741823');
    await until(() => fired.length === 1, 15_000);
    expect(fired).toEqual([due]);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toBe('info timers fire again: the data folder has space');
  });
});
