import { FIRED_LIST_LIMIT, type Fired } from '@shared/schemas/clock.schema';
import {
  deleteTimer,
  dueTimers,
  moveTimer,
  nextDueMs,
  timerExists,
  type TimerRow,
} from '../../store/timers.repo';
import { inTransaction, type Db } from '../../store/db';
import { isDiskFull } from '../../store/disk-full';
import type { ControlledClock } from '../clock';
import type { Logger } from '../log';

/**
 * What a kind of timer does when it fires. `claim` runs inside the transaction that deletes the timer
 * row, so whatever it records there (an attempt row, the next timer) commits together with "fired":
 * a crash leaves either neither or both. Work that leaves the process (a network call) goes in the
 * returned follow-up, which runs only after that commit: at most once, never twice.
 */
export interface TimerKind {
  /**
   * `again(dueMs, payload)` keeps the timer for a next firing (the same row, moved in place) instead of
   * deleting it: for schedules that fire again and again, like push attempts.
   */
  claim(timer: TimerRow, again: (dueMs: number, payload: unknown) => void): (() => Promise<void>) | null;
  /**
   * Writes out what the follow-ups buffered: inside each claim transaction (the answers share its
   * commit), and when a round ends. Returns how to buffer it again should that transaction roll back.
   */
  flush?(): (() => void) | void;
  /**
   * Its follow-up calls the merchant about the timer's order (push): an advance waits for the merchant's
   * reactions before it moves the clock on (see LoopDeps.reactions).
   */
  callsMerchant?: boolean;
}

export interface FireReport {
  /** In due order, at most FIRED_LIST_LIMIT. */
  fired: Fired[];
  total: number;
}

interface LoopDeps {
  db: Db;
  clock: ControlledClock;
  /** The test clock whose timers fire (null: the simulator clock's); `clock` is that clock. */
  clockId: string | null;
  log: Logger;
  kinds: ReadonlyMap<string, TimerKind>;
  uptoMs: number;
  moveClock: boolean;
  concurrency: number;
  /** Awaited every DRAIN_EVERY claims (see TimerServiceOptions.drain). */
  drain?: () => Promise<void>;
  /**
   * With `moveClock` (an advance): told when a merchant call about an order was answered, and waited on
   * after each instant that called a merchant, until those merchants have gone quiet. The clock stands at
   * that instant meanwhile, so their reactions are recorded at its time and land before the next is due.
   */
  reactions?: { answered(orderId: string): void; quiet(orders: ReadonlySet<string>): Promise<void> };
}

const PAGE = 512;
/** The most timers claimed in one transaction: their follow-ups start as slots free up. */
const CLAIM_MAX = 512;
/** Slots to wait for before claiming again: fewer, larger claim transactions. */
const BATCH_MIN = 128;
const DRAIN_EVERY = 1024;

/** A timer's subject: firings of one subject never overlap (push 4 waits until push 3 has its answer). */
const keyOf = (t: TimerRow): string => t.order_id ?? t.subject ?? `timer:${t.id}`;

/**
 * Follow-ups claimed and waiting for a slot, and those running (at most `max`). A claim transaction
 * commits many timers at once (each commit rewrites the index pages it touched, so one large commit
 * costs far less than many small ones); their follow-ups then start as slots free up.
 */
class FollowUps {
  private readonly waiting: (() => void)[] = [];
  private head = 0;
  private running = 0;
  /** The loop, when it waits for `n` free slots (see room). */
  private roomFor: { n: number; wake: () => void } | null = null;
  private wakers: (() => void)[] = [];
  constructor(private readonly max: number) {}

  add(run: () => Promise<void>): void {
    this.waiting.push(() => {
      this.running++;
      void run().finally(() => {
        this.running--;
        this.pump();
        const w = this.wakers;
        this.wakers = [];
        for (const wake of w) wake();
        const room = this.roomFor;
        if (room && this.ready(room.n)) {
          this.roomFor = null;
          room.wake();
        }
      });
    });
    this.pump();
  }

  private pump(): void {
    while (this.head < this.waiting.length && this.running < this.max) this.waiting[this.head++]!();
    if (this.head === this.waiting.length) {
      this.waiting.length = 0;
      this.head = 0;
    }
  }

  /** Whether to claim more now: nothing waits for a slot and at least `n` slots are free. */
  ready(n: number): boolean {
    return this.head === this.waiting.length && this.max - this.running >= Math.min(n, this.max);
  }

  /** Resolves when some follow-up finishes. */
  progress(): Promise<void> {
    return new Promise((r) => this.wakers.push(r));
  }

  /**
   * Resolves once `ready(n)`: woken by the follow-up that frees the last slot needed, not by each one
   * (a 160,000-push advance woke the loop once per push to find it could not claim yet). One waiter.
   */
  room(n: number): Promise<void> {
    if (this.ready(n)) return Promise.resolve();
    return new Promise((wake) => (this.roomFor = { n, wake }));
  }
}

/**
 * The firing loop. Timers are claimed in due order, a batch of equal due times per transaction (the
 * clock stands at that due time while the batch's follow-ups start, so each records its own time);
 * follow-ups run concurrently up to the limit, but never two of one subject. A claim may schedule a
 * timer sooner than the rest of the page (the next push attempt): then the page is read again.
 * An advance is causal: it claims the next due time only once the last one's follow-ups are done and the
 * merchants they called have gone quiet (Instant), so a reaction is never overtaken by the next attempt.
 */
export async function runFireLoop(d: LoopDeps): Promise<FireReport> {
  const report: FireReport = { fired: [], total: 0 };
  const busy = new Map<string, Promise<void>>();
  const followUps = new FollowUps(d.concurrency);
  let sinceDrain = 0;
  const instant = new Instant(d, busy);
  const start = (row: TimerRow, followUp: () => Promise<void>) => {
    const key = keyOf(row);
    let done = (): void => undefined;
    const p = new Promise<void>((r) => (done = r));
    busy.set(key, p);
    followUps.add(() =>
      followUp()
        .catch((err: unknown) => d.log.error(`timer ${row.kind} ${key} failed after firing`, err))
        .finally(() => {
          instant.answered(row);
          if (busy.get(key) === p) busy.delete(key);
          done();
        }),
    );
  };
  for (;;) {
    const page = dueTimers(d.db, d.uptoMs, PAGE, d.clockId);
    if (page.length === 0) {
      if (busy.size === 0 && !instant.waiting()) break;
      // Follow-ups may schedule timers of their own (and reactions cancel some): look again after them.
      await instant.end();
      continue;
    }
    let i = 0;
    while (i < page.length) {
      // An advance finishes one instant, the merchant's reactions included, before the next (read anew).
      if (instant.endsBefore(page[i]!.due_ms)) {
        await instant.end();
        break;
      }
      const want = Math.min(page.length - i, BATCH_MIN);
      if (!followUps.ready(want)) {
        await followUps.room(want);
        continue;
      }
      const batch = takeBatch(page, i, busy, CLAIM_MAX);
      if (batch.length === 0) {
        await (busy.get(keyOf(page[i]!)) ?? followUps.progress());
        continue;
      }
      if (d.drain && sinceDrain >= DRAIN_EVERY) {
        sinceDrain = 0;
        await d.drain();
      }
      i += batch.length;
      sinceDrain += batch.length;
      instant.at(batch[0]!.due_ms);
      for (const [row, f] of claimBatch(d, batch, report)) start(row, f);
      const next = i < page.length ? page[i]!.due_ms : null;
      const soonest = nextDueMs(d.db, d.clockId);
      if (next !== null && soonest !== null && soonest < next) break;
    }
  }
  return report;
}

/**
 * The instant an advance is firing (a due time) and the orders whose merchant its follow-ups called. The
 * real-time runner (no `moveClock`) keeps no instant: its clock runs on while the merchant reacts.
 */
class Instant {
  private due: number | null = null;
  private called = new Set<string>();
  constructor(
    private readonly d: LoopDeps,
    private readonly busy: Map<string, Promise<void>>,
  ) {}

  private get causal(): boolean {
    return this.d.moveClock && this.d.reactions !== undefined;
  }

  at(due: number): void {
    this.due = due;
  }

  /** Whether claiming a timer due at `due` must wait for this instant to end first. */
  endsBefore(due: number): boolean {
    return this.causal && this.due !== null && due !== this.due && (this.busy.size > 0 || this.waiting());
  }

  /** Whether merchants called at this instant may still react. */
  waiting(): boolean {
    return this.called.size > 0;
  }

  answered(row: TimerRow): void {
    if (!this.causal || row.order_id === null || !this.d.kinds.get(row.kind)?.callsMerchant) return;
    this.called.add(row.order_id);
    this.d.reactions!.answered(row.order_id);
  }

  /** Waits for every follow-up in flight, then for the merchants they called to go quiet. */
  async end(): Promise<void> {
    while (this.busy.size > 0) await Promise.all(this.busy.values());
    if (this.called.size === 0) return;
    const called = this.called;
    this.called = new Set();
    await this.d.reactions!.quiet(called);
  }
}

/** Rows from `i` with the same due time and free subjects, at most `max`. */
function takeBatch(page: TimerRow[], i: number, busy: Map<string, unknown>, max: number): TimerRow[] {
  const batch: TimerRow[] = [];
  const keys = new Set<string>();
  const due = page[i]!.due_ms;
  for (let j = i; j < page.length && batch.length < max; j++) {
    const row = page[j]!;
    const key = keyOf(row);
    if (row.due_ms !== due || busy.has(key) || keys.has(key)) break;
    keys.add(key);
    batch.push(row);
  }
  return batch;
}

type Claimed = [TimerRow, () => Promise<void>][];

/**
 * Deletes and claims a batch in one transaction; returns the follow-ups to start after the commit.
 * Should a kind throw, the batch rolls back and is claimed again one timer per transaction, so only
 * the failing timer is lost (a busy database or a full disk fails the round instead, losing nothing).
 */
function claimBatch(d: LoopDeps, batch: TimerRow[], report: FireReport): Claimed {
  const counted = report.total;
  const shown = report.fired.length;
  const undo: (() => void)[] = [];
  try {
    return inTransaction(d.db, () => {
      // Answers buffered by earlier follow-ups are written in the same commit as the claims.
      for (const k of d.kinds.values()) {
        const again = k.flush?.();
        if (again) undo.push(again);
      }
      if (d.moveClock) d.clock.moveTo(batch[0]!.due_ms);
      return batch.flatMap((row) => claimOne(d, row, report));
    });
  } catch (err) {
    for (const again of undo) again(); // rolled back with the claims: buffered again, not lost
    // A busy database or a full disk is no fault of the timers: fail this round, every timer still
    // pending (on a full disk, deleting the failing one would fail too: it would fire later anyway).
    if ((err as { code?: string }).code?.startsWith('SQLITE_BUSY') || isDiskFull(err)) throw err;
    report.total = counted;
    report.fired.length = shown;
    if (batch.length === 1) return dropOne(d, batch[0]!, report, err);
    return batch.flatMap((row) => claimBatch(d, [row], report));
  }
}

function claimOne(d: LoopDeps, row: TimerRow, report: FireReport): Claimed {
  if (!timerExists(d.db, row.id)) return []; // cancelled meanwhile (an acknowledge)
  count(report, row);
  const kind = d.kinds.get(row.kind);
  if (!kind) {
    deleteTimer(d.db, row.id);
    d.log.warn(`no handler is registered for timer kind '${row.kind}': dropped`);
    return [];
  }
  let next: { dueMs: number; payload: unknown } | null = null;
  const followUp = kind.claim(row, (dueMs, payload) => (next = { dueMs, payload }));
  const again = next as { dueMs: number; payload: unknown } | null;
  if (again) moveTimer(d.db, row.id, Math.round(again.dueMs), JSON.stringify(again.payload));
  else deleteTimer(d.db, row.id);
  return followUp ? [[row, followUp]] : [];
}

/** Dropped rather than retried: a timer that throws on every claim would otherwise fire forever. */
function dropOne(d: LoopDeps, row: TimerRow, report: FireReport, err: unknown): Claimed {
  d.log.error(`timer ${row.kind} ${keyOf(row)} failed to fire and is dropped`, err);
  if (deleteTimer(d.db, row.id)) count(report, row);
  return [];
}

function count(report: FireReport, row: TimerRow): void {
  report.total++;
  if (report.fired.length < FIRED_LIST_LIMIT) {
    report.fired.push({
      kind: row.kind,
      order_id: row.order_id,
      subject: row.subject,
      at: new Date(row.due_ms).toISOString(),
    });
  }
}
