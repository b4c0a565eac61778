import { preparedFor, type Db } from './db';

/** Where an attempt is on the wire: recorded, its request written to the socket, or answered. */
export type PushWire = 'claimed' | 'written' | 'answered';

/** One push attempt: claimed (outcome 'sending') before the call, finished with the answer after it. */
export interface PushAttemptRow {
  seq: number;
  /** The order's push schedule (om_orders.push_schedule): the key attempts are stored under. */
  schedule: number;
  order_id: string;
  number: number;
  due_ms: number;
  sent_ms: number;
  status: number | null;
  duration_ms: number | null;
  outcome: string;
  exchange_id: string | null;
  wire: PushWire;
  /** The id the attempt's exchange gets in the log (reserved at the claim; migration 011). */
  planned_exchange: string | null;
  /** The timer's payload while the attempt is claimed and not written (to send it after a restart). */
  claim: string | null;
  /** Why the attempt went late, or how its answer was recovered after a restart. */
  note: string | null;
}

export type AttemptResult = Pick<
  PushAttemptRow,
  'seq' | 'status' | 'duration_ms' | 'outcome' | 'exchange_id'
>;

/** A new attempt: the wire fields default to an answered one (as recorded before migration 011). */
export type NewPushAttempt = Omit<PushAttemptRow, 'seq' | 'wire' | 'planned_exchange' | 'claim' | 'note'> &
  Partial<Pick<PushAttemptRow, 'wire' | 'planned_exchange' | 'claim' | 'note'>>;

const s = preparedFor((db: Db) => ({
  insert: db.prepare(
    `INSERT INTO push_attempts (schedule, order_id, number, due_ms, sent_ms, status, duration_ms, outcome,
       exchange_id, wire, planned_exchange, claim, note) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ),
  finish: db.prepare(
    `UPDATE push_attempts SET status = ?, duration_ms = ?, outcome = ?, exchange_id = ?, wire = 'answered',
       claim = NULL WHERE seq = ?`,
  ),
  written: db.prepare(
    "UPDATE push_attempts SET wire = 'written', claim = NULL WHERE seq = ? AND wire = 'claimed'",
  ),
  resent: db.prepare('UPDATE push_attempts SET sent_ms = ?, note = ? WHERE seq = ?'),
  note: db.prepare('UPDATE push_attempts SET note = ? WHERE seq = ?'),
  interrupt: db.prepare(
    "UPDATE push_attempts SET outcome = 'interrupted', claim = NULL, note = ? WHERE seq = ? AND outcome = 'sending'",
  ),
  one: db.prepare('SELECT * FROM push_attempts WHERE seq = ?'),
  open: db.prepare("SELECT * FROM push_attempts WHERE outcome = 'sending' ORDER BY seq"),
  list: db.prepare(
    `SELECT * FROM push_attempts
       WHERE schedule = (SELECT push_schedule FROM om_orders WHERE order_id = ?) ORDER BY number`,
  ),
  last: db.prepare(
    `SELECT * FROM push_attempts
       WHERE schedule = (SELECT push_schedule FROM om_orders WHERE order_id = ?) ORDER BY number DESC LIMIT 1`,
  ),
  interruptAll: db.prepare("UPDATE push_attempts SET outcome = 'interrupted' WHERE outcome = 'sending'"),
}));

/** Records a claimed attempt and returns its seq; throws on a second row for the same number. */
export function insertPushAttempt(db: Db, row: NewPushAttempt): number {
  // Positional parameters: binding by name costs a property lookup per column, on the push hot path.
  const r = row;
  return Number(
    s(db).insert.run(
      r.schedule,
      r.order_id,
      r.number,
      r.due_ms,
      r.sent_ms,
      r.status,
      r.duration_ms,
      r.outcome,
      r.exchange_id,
      r.wire ?? 'answered',
      r.planned_exchange ?? null,
      r.claim ?? null,
      r.note ?? null,
    ).lastInsertRowid,
  );
}

/** Writes the answers of many attempts in one transaction. */
export function finishPushAttempts(db: Db, results: readonly AttemptResult[]): void {
  const finish = s(db).finish;
  db.transaction(() => {
    for (const r of results) finish.run(r.status, r.duration_ms, r.outcome, r.exchange_id, r.seq);
  })();
}

/**
 * Records that a claimed attempt's request is about to go on the socket (its own commit, made just
 * before the write): from here on a restart reads it as interrupted rather than sending it again. For
 * a database in memory; a file's attempts are marked in push-wire-marks.ts (one write, not a commit).
 */
export function markPushWritten(db: Db, seq: number): void {
  s(db).written.run(seq);
}

/** A claimed attempt sent again after a restart: its new sending time and why it is late. */
export function markPushResent(db: Db, seq: number, sentMs: number, note: string): void {
  s(db).resent.run(sentMs, note, seq);
}

export function notePushAttempt(db: Db, seq: number, note: string): void {
  s(db).note.run(note, seq);
}

/** Marks one attempt left 'sending' by a previous run as interrupted, with why. */
export function interruptPushAttempt(db: Db, seq: number, note: string): boolean {
  return s(db).interrupt.run(note, seq).changes > 0;
}

export function getPushAttempt(db: Db, seq: number): PushAttemptRow | undefined {
  return s(db).one.get(seq) as PushAttemptRow | undefined;
}

/**
 * The attempts still 'sending' (claimed or written, no answer stored): after a kill, those in flight.
 * Once per start, so a scan (an index would cost every attempt's insert and answer a page write).
 */
export function openPushAttempts(db: Db): PushAttemptRow[] {
  return s(db).open.all() as PushAttemptRow[];
}

export function listPushAttempts(db: Db, orderId: string): PushAttemptRow[] {
  return s(db).list.all(orderId) as PushAttemptRow[];
}

export function lastPushAttempt(db: Db, orderId: string): PushAttemptRow | undefined {
  return s(db).last.get(orderId) as PushAttemptRow | undefined;
}

/** Marks every attempt left 'sending' by a previous run as interrupted; returns how many. */
export function interruptSendingAttempts(db: Db): number {
  return s(db).interruptAll.run().changes;
}
