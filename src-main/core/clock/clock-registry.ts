import { AsyncLocalStorage } from 'node:async_hooks';
import type { ClockMode } from '@shared/schemas/clock.schema';
import {
  getTestClock,
  listBindings,
  listTestClocks,
  moveTestClock,
  type BindingKind,
  type BindingRow,
  type TestClockRow,
} from '../../store/test-clocks.repo';
import type { Db } from '../../store/db';
import { SimFailure } from '../errors';
import type { ControlledClock } from './index';

/** A test clock: stands still until advanced; its time is stored as it moves, so a restart resumes it. */
export class TestClock implements ControlledClock {
  constructor(
    private readonly db: Db,
    private readonly registry: ClockRegistry,
    private row: TestClockRow,
  ) {}
  get id(): string {
    return this.row.clock_id;
  }
  get info(): TestClockRow {
    return this.row;
  }
  now(): number {
    return this.row.now_ms;
  }
  mode(): ClockMode {
    return 'manual';
  }
  speed(): number {
    return 1;
  }
  configure(mode: ClockMode): void {
    if (mode !== 'manual')
      throw new SimFailure('conflict', 'CLOCK_FIXED', 'a test clock only moves when advanced');
  }
  moveTo(ms: number): void {
    if (ms <= this.row.now_ms) return;
    this.row = { ...this.row, now_ms: ms };
    moveTestClock(this.db, this.row.clock_id, ms);
  }
  checkpoint(): void {}
  backToWall(): void {
    throw new SimFailure('conflict', 'CLOCK_FIXED', 'a test clock only moves when advanced');
  }
  wallNow(): number {
    return Date.now();
  }
  /** Runs `fn` (and all it starts) on this clock: every clock.now() in it reads this clock's time. */
  run<T>(fn: () => T): T {
    return this.registry.run(this, fn);
  }
}

/**
 * The test clocks and what is bound to them, held in memory (read from SQLite at start). Which clock code
 * reads is carried with the work itself (AsyncLocalStorage): a request about a bound order, or the firing
 * of a test clock's timers, runs "on" that clock, so the services keep taking one `clock` and need not
 * know test clocks exist. Nothing runs on a test clock until one is bound: until then getStore() is a
 * field read and the simulator clock's paths pay nothing.
 */
export class ClockRegistry {
  private readonly als = new AsyncLocalStorage<TestClock>();
  private readonly clocks = new Map<string, TestClock>();
  private readonly bound = new Map<string, BindingRow>();
  /** The clock every service reads: the current test clock inside a run, else the simulator clock. */
  readonly clock: ControlledClock;

  constructor(
    private readonly db: Db,
    readonly sim: ControlledClock,
  ) {
    for (const row of listTestClocks(db)) this.clocks.set(row.clock_id, new TestClock(db, this, row));
    for (const b of listBindings(db)) this.bound.set(b.subject, b);
    const current = () => this.als.getStore();
    this.clock = {
      now: () => (current() ?? sim).now(),
      mode: () => sim.mode(),
      speed: () => sim.speed(),
      configure: (mode, speed) => sim.configure(mode, speed),
      moveTo: (ms) => sim.moveTo(ms),
      checkpoint: () => sim.checkpoint(),
      backToWall: () => sim.backToWall(),
      wallNow: () => sim.wallNow(),
    };
  }

  /** The test clock the running code is on, or null (the simulator clock). */
  current(): TestClock | null {
    return this.als.getStore() ?? null;
  }

  run<T>(clock: TestClock | null, fn: () => T): T {
    if (clock === null) return this.als.getStore() === undefined ? fn() : this.als.exit(fn);
    return this.als.run(clock, fn);
  }

  get(id: string): TestClock | null {
    return this.clocks.get(id) ?? null;
  }

  all(): TestClock[] {
    return [...this.clocks.values()];
  }

  /** Adds a clock read back from its new row (test-clocks.repo insertTestClock). */
  added(id: string): TestClock {
    const clock = new TestClock(this.db, this, getTestClock(this.db, id)!);
    this.clocks.set(id, clock);
    return clock;
  }

  removed(id: string): void {
    this.clocks.delete(id);
    for (const [subject, b] of this.bound) if (b.clock_id === id) this.bound.delete(subject);
  }

  boundTo(b: BindingRow): void {
    this.bound.set(b.subject, b);
  }

  /** The test clock an order or an in-person session is bound to, or null (the simulator clock). */
  clockOf(subject: string | null | undefined): TestClock | null {
    if (subject === null || subject === undefined || this.bound.size === 0) return null;
    const b = this.bound.get(subject);
    return b === undefined ? null : (this.clocks.get(b.clock_id) ?? null);
  }

  bindingsOf(clockId: string): { kind: BindingKind; id: string; bound_at: string }[] {
    return [...this.bound.values()]
      .filter((b) => b.clock_id === clockId)
      .map((b) => ({ kind: b.kind, id: b.subject, bound_at: b.bound_at }));
  }
}
