import { preparedFor, type Db } from './db';

/** One push attempt: claimed (outcome 'sending') before the call, finished with the answer after it. */
export interface PushAttemptRow {
  seq: number;
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
    `INSERT INTO push_attempts (order_id, number, due_ms, sent_ms, status, duration_ms, outcome, exchange_id)
       VALUES (@order_id, @number, @due_ms, @sent_ms, @status, @duration_ms, @outcome, @exchange_id)`,
  ),
  finish: db.prepare(
    `UPDATE push_attempts SET status = @status, duration_ms = @duration_ms, outcome = @outcome,
       exchange_id = @exchange_id WHERE seq = @seq`,
  ),
  list: db.prepare('SELECT * FROM push_attempts WHERE order_id = ? ORDER BY number'),
  last: db.prepare('SELECT * FROM push_attempts WHERE order_id = ? ORDER BY number DESC LIMIT 1'),
  interrupt: db.prepare("UPDATE push_attempts SET outcome = 'interrupted' WHERE outcome = 'sending'"),
}));

/** Records a claimed attempt and returns its seq; throws on a second row for the same number. */
export function insertPushAttempt(db: Db, row: Omit<PushAttemptRow, 'seq'>): number {
  return Number(s(db).insert.run(row).lastInsertRowid);
}

/** Writes the answers of many attempts in one transaction. */
export function finishPushAttempts(db: Db, results: readonly AttemptResult[]): void {
  const finish = s(db).finish;
  db.transaction(() => {
    for (const r of results) finish.run(r);
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
