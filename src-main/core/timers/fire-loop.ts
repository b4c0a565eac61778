import { FIRED_LIST_LIMIT, type Fired } from '@shared/schemas/clock.schema';
import { deleteTimer, dueTimers, nextDueMs, type TimerRow } from '../../store/timers.repo';
import { inTransaction, type Db } from '../../store/db';
import type { ControlledClock } from '../clock';
import type { Logger } from '../log';
import type { TimerKind } from './timer-service';

export interface FireReport {
  /** In due order, at most FIRED_LIST_LIMIT. */
  fired: Fired[];
  total: number;
}

interface LoopDeps {
  db: Db;
  clock: ControlledClock;
  log: Logger;
  kinds: ReadonlyMap<string, TimerKind>;
  uptoMs: number;
  moveClock: boolean;
  concurrency: number;
  /** Awaited every DRAIN_EVERY claims (see TimerServiceOptions.drain). */
  drain?: () => Promise<void>;
}

const PAGE = 512;
/** Slots to wait for before claiming again once all are taken: fewer, larger claim transactions. */
const BATCH_MIN = 64;
const DRAIN_EVERY = 1024;

/** A timer's subject: firings of one subject never overlap (push 4 waits until push 3 has its answer). */
const keyOf = (t: TimerRow): string => t.order_id ?? t.subject ?? `timer:${t.id}`;

/** Counts follow-ups in flight and lets the loop wait for free slots. */
class Slots {
  private used = 0;
  private want = 0;
  private waiter: (() => void) | null = null;
  constructor(private readonly max: number) {}
  free(): number {
    return this.max - this.used;
  }
  take(): void {
    this.used++;
  }
  release(): void {
    this.used--;
    if (this.waiter && this.free() >= this.want) {
      const w = this.waiter;
      this.waiter = null;
      w();
    }
  }
  /** Resolves once `n` slots are free: a batch per transaction, not a transaction per freed slot. */
  wait(n: number): Promise<void> {
    this.want = Math.max(1, Math.min(n, this.max));
    if (this.free() >= this.want) return Promise.resolve();
    return new Promise((r) => (this.waiter = r));
  }
}

/**
 * The firing loop. Timers are claimed in due order, a batch of equal due times per transaction (the
 * clock stands at that due time while the batch's follow-ups start, so each records its own time);
 * follow-ups run concurrently up to the limit, but never two of one subject. A claim may schedule a
 * timer sooner than the rest of the page (the next push attempt): then the page is read again.
 */
export async function runFireLoop(d: LoopDeps): Promise<FireReport> {
  const report: FireReport = { fired: [], total: 0 };
  const busy = new Map<string, Promise<void>>();
  const slots = new Slots(d.concurrency);
  let sinceDrain = 0;
  const start = (row: TimerRow, followUp: () => Promise<void>) => {
    const key = keyOf(row);
    slots.take();
    const p = followUp()
      .catch((err: unknown) => d.log.error(`timer ${row.kind} ${key} failed after firing`, err))
      .finally(() => {
        if (busy.get(key) === p) busy.delete(key);
        slots.release();
      });
    busy.set(key, p);
  };
  for (;;) {
    const page = dueTimers(d.db, d.uptoMs, PAGE);
    if (page.length === 0) {
      if (busy.size === 0) break;
      // Follow-ups may schedule timers of their own: look again once they are done.
      await Promise.all(busy.values());
      continue;
    }
    let i = 0;
    while (i < page.length) {
      const batch = takeBatch(page, i, busy, slots.free());
      if (batch.length === 0) {
        await (busy.get(keyOf(page[i]!)) ?? slots.wait(Math.min(page.length - i, BATCH_MIN)));
        continue;
      }
      if (d.drain && sinceDrain >= DRAIN_EVERY) {
        sinceDrain = 0;
        await d.drain();
      }
      i += batch.length;
      sinceDrain += batch.length;
      for (const [row, f] of claimBatch(d, batch, report)) start(row, f);
      const next = i < page.length ? page[i]!.due_ms : null;
      const soonest = nextDueMs(d.db);
      if (next !== null && soonest !== null && soonest < next) break;
    }
  }
  return report;
}

/** Rows from `i` with the same due time, free subjects, as many as there are slots. */
function takeBatch(page: TimerRow[], i: number, busy: Map<string, unknown>, free: number): TimerRow[] {
  const batch: TimerRow[] = [];
  const keys = new Set<string>();
  const due = page[i]!.due_ms;
  for (let j = i; j < page.length && batch.length < free; j++) {
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
 * the failing timer is lost (a busy database fails the round instead, losing nothing).
 */
function claimBatch(d: LoopDeps, batch: TimerRow[], report: FireReport): Claimed {
  const counted = report.total;
  const shown = report.fired.length;
  // Answers buffered by earlier follow-ups are written first, in their own transaction.
  for (const k of d.kinds.values()) k.flush?.();
  try {
    return inTransaction(d.db, () => {
      if (d.moveClock) d.clock.moveTo(batch[0]!.due_ms);
      return batch.flatMap((row) => claimOne(d, row, report));
    });
  } catch (err) {
    // A busy database is no fault of the timers: fail this round, every timer still pending.
    if ((err as { code?: string }).code?.startsWith('SQLITE_BUSY')) throw err;
    report.total = counted;
    report.fired.length = shown;
    if (batch.length === 1) return dropOne(d, batch[0]!, report, err);
    return batch.flatMap((row) => claimBatch(d, [row], report));
  }
}

function claimOne(d: LoopDeps, row: TimerRow, report: FireReport): Claimed {
  if (!deleteTimer(d.db, row.id)) return []; // cancelled meanwhile (an acknowledge)
  count(report, row);
  const kind = d.kinds.get(row.kind);
  if (!kind) {
    d.log.warn(`no handler is registered for timer kind '${row.kind}': dropped`);
    return [];
  }
  const followUp = kind.claim(row);
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
