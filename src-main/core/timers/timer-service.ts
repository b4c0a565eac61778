import type { Fired } from '@shared/schemas/clock.schema';
import {
  countTimers,
  deleteOrderTimers,
  insertTimer,
  nextDueMs,
  orderTimers,
  type TimerRow,
} from '../../store/timers.repo';
import type { Db } from '../../store/db';
import type { ControlledClock } from '../clock';
import type { ClockRegistry, TestClock } from '../clock/clock-registry';
import type { Logger } from '../log';
import { runFireLoop, type FireReport, type TimerKind } from './fire-loop';
import type { MerchantReactions } from './merchant-reactions';

export interface ScheduleInput {
  kind: string;
  dueMs: number;
  orderId?: string | null;
  subject?: string | null;
  payload?: unknown;
  /** With a key already pending, scheduling again does nothing. */
  dedupeKey?: string | null;
}

export interface TimerServiceOptions {
  /** How many follow-ups (network calls) may be in flight at once. */
  concurrency?: number;
  /**
   * Awaited every thousand or so claims: waits for the exchange log's writer thread when it has fallen
   * behind (ExchangeLog.catchUp), so the exchanges waiting for it (held in memory) stay few while an
   * advance fires thousands of timers.
   */
  drain?: () => Promise<void>;
  /**
   * Awaited at the end of each round, before the kinds write what they buffered: writes out the
   * exchange log (ExchangeLog.flush), so the answers that wait for their exchange (push) are written.
   */
  settle?: () => Promise<void>;
  /**
   * The test clocks: a timer of an order (or session) bound to one runs on it, and firing a test clock's
   * timers runs on that clock (see clock-registry.ts). Without it every timer is the simulator clock's.
   */
  clocks?: ClockRegistry;
  /**
   * The merchant's requests as the provider API sees them, and how long (real ms) it must be quiet: an
   * advance waits after each instant that called a merchant until its reactions have landed.
   */
  reactions?: { tracker: MerchantReactions; quietMs: () => number };
}

/**
 * Every timer of the simulator is a row in SQLite with its due time and kind; services schedule rows
 * (push attempts, expiries, tracking polls) and what firing each kind does is registered once, in one
 * list (core/timer-kinds.ts, called by createCore).
 * Firing is serialized: an advance and the real-time runner never fire at the same time.
 */
export class TimerService {
  private readonly kinds = new Map<string, TimerKind>();
  /** One firing chain per clock (null: the simulator clock): test clocks fire beside each other. */
  private readonly chains = new Map<string | null, Promise<unknown>>();
  private listeners = new Set<(dueMs: number) => void>();

  constructor(
    private readonly db: Db,
    private readonly clock: ControlledClock,
    private readonly log: Logger,
    private readonly opts: TimerServiceOptions = {},
  ) {}

  /** Registers what a kind does; one handler per kind (the simulator's list: core/timer-kinds.ts). */
  register(kind: string, handler: TimerKind): void {
    if (this.kinds.has(kind)) throw new Error(`timer kind '${kind}' is registered already`);
    this.kinds.set(kind, handler);
  }

  /** Adds a timer (synchronously, so callers can do it inside their own transaction). */
  schedule(t: ScheduleInput): boolean {
    return this.add(t) !== null;
  }

  /** Like schedule, and returns the new timer's id (null when its dedupe key was pending already). */
  add(t: ScheduleInput): number | null {
    const on = this.opts.clocks?.clockOf(t.orderId ?? t.subject) ?? null;
    const id = insertTimer(this.db, {
      kind: t.kind,
      due_ms: Math.round(t.dueMs),
      order_id: t.orderId ?? null,
      subject: t.subject ?? null,
      payload: t.payload === undefined ? null : JSON.stringify(t.payload),
      dedupe_key: t.dedupeKey ?? null,
      created_ms: (on ?? this.clock).now(),
      clock_id: on?.id ?? null,
    });
    // The runner arms for the simulator clock only: a test clock's timers wait for its advance.
    if (id !== null && on === null) for (const l of this.listeners) l(t.dueMs);
    return id;
  }

  /** Cancels an order's pending timers of one kind; returns how many. */
  cancelOrder(orderId: string, kind: string): number {
    return deleteOrderTimers(this.db, orderId, kind);
  }

  /** Called with the due time of every new timer (the runner re-arms when one is sooner). */
  onScheduled(listener: (dueMs: number) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The soonest due time on the simulator clock, or on a test clock by its id. */
  nextDue(clockId: string | null = null): number | null {
    return nextDueMs(this.db, clockId);
  }

  pendingCount(clockId: string | null = null): number {
    return countTimers(this.db, clockId);
  }

  forOrder(orderId: string): TimerRow[] {
    return orderTimers(this.db, orderId);
  }

  /**
   * Fires every timer due at or before `uptoMs`, in due order, of one clock: `on` (a test clock, or null
   * for the simulator clock), by default the clock the caller runs on. With `moveClock` the clock is moved
   * to each due time as it fires (an advance), so what a firing records carries its due time.
   */
  fireDue(uptoMs: number, moveClock: boolean, on?: TestClock | null): Promise<FireReport> {
    const clocks = this.opts.clocks;
    const test = on === undefined ? (clocks?.current() ?? null) : on;
    const key = test?.id ?? null;
    const loop = () =>
      runFireLoop({
        db: this.db,
        clock: test ?? this.clock,
        clockId: key,
        log: this.log,
        kinds: this.kinds,
        uptoMs,
        moveClock,
        concurrency: this.opts.concurrency ?? 256,
        drain: this.opts.drain,
        reactions: this.reactionsFor(),
      }).finally(async () => {
        await this.opts.settle?.().catch(() => undefined);
        for (const k of this.kinds.values()) k.flush?.();
      });
    // The follow-ups run on the clock that fires them (their clock.now() reads it).
    const run = () => (clocks ? clocks.run(test, loop) : loop());
    const next = (this.chains.get(key) ?? Promise.resolve()).then(run, run);
    const tail = next.catch(() => undefined);
    this.chains.set(key, tail);
    // A finished test clock's chain is dropped, so deleted clocks leave nothing behind.
    if (key !== null) void tail.then(() => this.chains.get(key) === tail && this.chains.delete(key));
    return next;
  }

  private reactionsFor() {
    const r = this.opts.reactions;
    if (!r) return undefined;
    const quietMs = r.quietMs();
    return {
      answered: (orderId: string) => r.tracker.answered(orderId),
      quiet: (orders: ReadonlySet<string>) => r.tracker.quiet(orders, quietMs),
    };
  }

  /** Resolves once no firing is running on any clock (for a clean close). */
  async idle(): Promise<void> {
    while (this.chains.size > 0) {
      const all = [...this.chains.values()];
      await Promise.all(all);
      if ([...this.chains.values()].every((c) => all.includes(c))) return;
    }
  }
}

export type { FireReport, Fired, TimerKind };
