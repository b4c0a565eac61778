import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb, type Db } from '../../store/db';
import { SimClock } from './sim-clock';

const dirs: string[] = [];
const dbs: Db[] = [];
afterEach(() => {
  dbs.splice(0).forEach((d) => d.open && d.close());
  dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true }));
});
function tempFile(): string {
  const d = mkdtempSync(join(tmpdir(), 'sim-clock-'));
  dirs.push(d);
  return join(d, 'db.sqlite');
}
function open(file: string): Db {
  const db = openDb(file);
  dbs.push(db);
  return db;
}

/** A wall clock the test moves. */
function wall(start = 1_000_000) {
  let t = start;
  return { now: () => t, tick: (ms: number) => (t += ms) };
}

describe('SimClock', () => {
  it('runs in real time by default, at its speed when faster, and stands still in manual mode', () => {
    const w = wall();
    const c = new SimClock(open(tempFile()), { wall: w.now });
    expect([c.mode(), c.speed(), c.now()]).toEqual(['real', 1, 1_000_000]);
    w.tick(1000);
    expect(c.now()).toBe(1_001_000);
    c.configure('real', 60);
    w.tick(1000);
    expect(c.now()).toBe(1_061_000);
    c.configure('manual', 60);
    w.tick(5000);
    expect(c.now()).toBe(1_061_000);
  });

  it('moves forward only; in real mode a move jumps the clock and it keeps running from there', () => {
    const w = wall();
    const c = new SimClock(open(tempFile()), { wall: w.now });
    c.moveTo(2_000_000);
    expect(c.now()).toBe(2_000_000);
    c.moveTo(1_500_000);
    expect(c.now()).toBe(2_000_000);
    w.tick(10);
    expect(c.now()).toBe(2_000_010);
  });

  it('goes back to the wall clock on request, keeping mode and speed, and stays there after a restart', () => {
    const file = tempFile();
    const w = wall();
    const c = new SimClock(open(file), { wall: w.now, initialMode: 'manual' });
    c.moveTo(5_000_000);
    w.tick(100);
    c.backToWall();
    expect([c.now(), c.mode()]).toEqual([1_000_100, 'manual']);
    expect(new SimClock(open(file), { wall: w.now }).now()).toBe(1_000_100);
  });

  it('resumes after a restart: manual exactly where it stood, real with the time passed at ×1', () => {
    const file = tempFile();
    const w = wall();
    const db = open(file);
    const manual = new SimClock(db, { wall: w.now });
    manual.configure('manual', 1);
    manual.moveTo(5_000_000);
    db.close();
    w.tick(60_000);
    const again = new SimClock(open(file), { wall: w.now });
    expect([again.mode(), again.now()]).toEqual(['manual', 5_000_000]);
    again.configure('real', 100);
    again.checkpoint();
    w.tick(1000); // 100 s of simulator time while running
    again.checkpoint();
    w.tick(1000); // stopped for a second: counts as one second, not a hundred
    const third = new SimClock(open(file), { wall: w.now });
    expect([third.mode(), third.speed(), third.now()]).toEqual(['real', 100, 5_000_000 + 100_000 + 1000]);
  });

  it('starts a fresh folder in the mode it is given', () => {
    const c = new SimClock(open(tempFile()), { initialMode: 'manual' });
    expect(c.mode()).toBe('manual');
  });
});
