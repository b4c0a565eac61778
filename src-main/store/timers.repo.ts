import { preparedFor, type Db } from './db';

/** A pending timer: what fires (`kind`), when (`due_ms` on the simulator clock), and about what. */
export interface TimerRow {
  id: number;
  kind: string;
  due_ms: number;
  order_id: string | null;
  subject: string | null;
  /** JSON text, or null. */
  payload: string | null;
  dedupe_key: string | null;
  created_ms: number;
}

/** `clock_id`: the test clock it runs on (test-clocks.repo.ts); none (null) is the simulator clock. */
export type NewTimer = Omit<TimerRow, 'id'> & { clock_id?: string | null };

type RawTimer = [number, string, number, string | null, string | null, string | null, string | null, number];
const toTimer = (r: RawTimer): TimerRow => ({
  id: r[0],
  kind: r[1],
  due_ms: r[2],
  order_id: r[3],
  subject: r[4],
  payload: r[5],
  dedupe_key: r[6],
  created_ms: r[7],
});

const s = preparedFor((db: Db) => ({
  insert: db.prepare(
    `INSERT OR IGNORE INTO timers (kind, due_ms, order_id, subject, payload, dedupe_key, created_ms, clock_id)
       VALUES (@kind, @due_ms, @order_id, @subject, @payload, @dedupe_key, @created_ms, @clock_id)`,
  ),
  // Rows as arrays (toTimer): better-sqlite3 builds an object row about twice as slowly.
  due: db
    .prepare(
      `SELECT id, kind, due_ms, order_id, subject, payload, dedupe_key, created_ms FROM timers
         WHERE due_ms <= ? AND clock_id IS NULL ORDER BY due_ms, id LIMIT ?`,
    )
    .raw(),
  dueOn: db
    .prepare(
      `SELECT id, kind, due_ms, order_id, subject, payload, dedupe_key, created_ms FROM timers
         WHERE clock_id = ? AND due_ms <= ? ORDER BY due_ms, id LIMIT ?`,
    )
    .raw(),
  // ORDER BY … LIMIT 1 rather than min(): min() with a WHERE reads every row, this walks timers_due.
  next: db.prepare('SELECT due_ms FROM timers WHERE clock_id IS NULL ORDER BY due_ms, id LIMIT 1').pluck(),
  nextOn: db.prepare('SELECT min(due_ms) FROM timers WHERE clock_id = ?').pluck(),
  // All less the test clocks' (their partial index): a WHERE clock_id IS NULL would read every row.
  count: db
    .prepare(
      'SELECT (SELECT count(*) FROM timers) - (SELECT count(*) FROM timers WHERE clock_id IS NOT NULL)',
    )
    .pluck(),
  countOn: db.prepare('SELECT count(*) FROM timers WHERE clock_id = ?').pluck(),
  remove: db.prepare('DELETE FROM timers WHERE id = ?'),
  exists: db.prepare('SELECT 1 FROM timers WHERE id = ?').pluck(),
  move: db.prepare('UPDATE timers SET due_ms = ?, payload = ? WHERE id = ?'),
  removeFor: db.prepare('DELETE FROM timers WHERE order_id = ? AND kind = ?'),
  forOrder: db.prepare('SELECT * FROM timers WHERE order_id = ? ORDER BY due_ms, id'),
}));

/** Inserts a timer; with a dedupe_key already pending, nothing is inserted. Returns its id, or null. */
export function insertTimer(db: Db, t: NewTimer): number | null {
  const r = s(db).insert.run(t.clock_id === undefined ? { ...t, clock_id: null } : t);
  return r.changes === 1 ? Number(r.lastInsertRowid) : null;
}

/**
 * Up to `limit` timers of one clock (a test clock's id; null for the simulator clock) due at or before
 * `uptoMs`, in due order (ties by creation order).
 */
export function dueTimers(db: Db, uptoMs: number, limit: number, clockId: string | null = null): TimerRow[] {
  const rows = clockId === null ? s(db).due.all(uptoMs, limit) : s(db).dueOn.all(clockId, uptoMs, limit);
  return (rows as RawTimer[]).map(toTimer);
}

/** The soonest due time of a clock's timers (null: the simulator clock), or null when it has none. */
export function nextDueMs(db: Db, clockId: string | null = null): number | null {
  const v = clockId === null ? s(db).next.get() : s(db).nextOn.get(clockId);
  return (v as number | null | undefined) ?? null;
}

export function countTimers(db: Db, clockId: string | null = null): number {
  return (clockId === null ? s(db).count.get() : s(db).countOn.get(clockId)) as number;
}

/** Deletes one timer; false when it was gone already (fired or cancelled elsewhere). */
export function deleteTimer(db: Db, id: number): boolean {
  return s(db).remove.run(id).changes === 1;
}

export function timerExists(db: Db, id: number): boolean {
  return s(db).exists.get(id) !== undefined;
}

/**
 * Gives a timer a new due time and payload in place: its order and kind (and their index entries) stay
 * as they are, so a schedule that fires again and again (push attempts) rewrites no index page of
 * another order.
 */
export function moveTimer(db: Db, id: number, dueMs: number, payload: string | null): void {
  s(db).move.run(dueMs, payload, id);
}

/** Cancels an order's pending timers of one kind; returns how many. */
export function deleteOrderTimers(db: Db, orderId: string, kind: string): number {
  return s(db).removeFor.run(orderId, kind).changes;
}

export function orderTimers(db: Db, orderId: string): TimerRow[] {
  return s(db).forOrder.all(orderId) as TimerRow[];
}
