import { preparedFor, type Db } from './db';

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
}

export type AttemptResult = Pick<
  PushAttemptRow,
  'seq' | 'status' | 'duration_ms' | 'outcome' | 'exchange_id'
>;

const s = preparedFor((db: Db) => ({
  insert: db.prepare(
    `INSERT INTO push_attempts (schedule, order_id, number, due_ms, sent_ms, status, duration_ms, outcome,
       exchange_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ),
  finish: db.prepare(
    `UPDATE push_attempts SET status = ?, duration_ms = ?, outcome = ?, exchange_id = ? WHERE seq = ?`,
  ),
  list: db.prepare(
    `SELECT * FROM push_attempts
       WHERE schedule = (SELECT push_schedule FROM om_orders WHERE order_id = ?) ORDER BY number`,
  ),
  last: db.prepare(
    `SELECT * FROM push_attempts
       WHERE schedule = (SELECT push_schedule FROM om_orders WHERE order_id = ?) ORDER BY number DESC LIMIT 1`,
  ),
  interrupt: db.prepare("UPDATE push_attempts SET outcome = 'interrupted' WHERE outcome = 'sending'"),
}));

/** Records a claimed attempt and returns its seq; throws on a second row for the same number. */
export function insertPushAttempt(db: Db, row: Omit<PushAttemptRow, 'seq'>): number {
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

export function listPushAttempts(db: Db, orderId: string): PushAttemptRow[] {
  return s(db).list.all(orderId) as PushAttemptRow[];
}

export function lastPushAttempt(db: Db, orderId: string): PushAttemptRow | undefined {
  return s(db).last.get(orderId) as PushAttemptRow | undefined;
}

/** Marks attempts left 'sending' by a previous run (killed mid-call) as interrupted; returns how many. */
export function interruptSendingAttempts(db: Db): number {
  return s(db).interrupt.run().changes;
}
