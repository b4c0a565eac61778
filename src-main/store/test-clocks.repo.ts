import { preparedFor, type Db } from './db';

/** A test clock's row: its time stands at `now_ms` until it is advanced. */
export interface TestClockRow {
  clock_id: string;
  name: string | null;
  now_ms: number;
  created_ms: number;
  created_at: string;
}

export type BindingKind = 'order' | 'ipp_session';

/** What is bound to a test clock: an order (checkout and order management share its id) or a session. */
export interface BindingRow {
  subject: string;
  kind: BindingKind;
  clock_id: string;
  bound_at: string;
}

const s = preparedFor((db: Db) => ({
  insert: db.prepare(
    `INSERT INTO test_clocks (clock_id, name, now_ms, created_ms, created_at)
       VALUES (@clock_id, @name, @now_ms, @created_ms, @created_at)`,
  ),
  get: db.prepare('SELECT * FROM test_clocks WHERE clock_id = ?'),
  all: db.prepare('SELECT * FROM test_clocks ORDER BY created_ms, clock_id'),
  move: db.prepare('UPDATE test_clocks SET now_ms = ? WHERE clock_id = ?'),
  remove: db.prepare('DELETE FROM test_clocks WHERE clock_id = ?'),
  bind: db.prepare(
    `INSERT INTO clock_bindings (subject, kind, clock_id, bound_at) VALUES (@subject, @kind, @clock_id, @bound_at)
       ON CONFLICT(subject) DO UPDATE SET kind = excluded.kind, clock_id = excluded.clock_id,
         bound_at = excluded.bound_at`,
  ),
  bindings: db.prepare('SELECT * FROM clock_bindings ORDER BY bound_at, subject'),
  unbindAll: db.prepare('DELETE FROM clock_bindings WHERE clock_id = ?'),
  moveTimers: db.prepare(
    'UPDATE timers SET clock_id = @clock_id WHERE order_id = @subject OR (order_id IS NULL AND subject = @subject)',
  ),
  releaseTimers: db.prepare('UPDATE timers SET clock_id = NULL WHERE clock_id = ?'),
}));

export function insertTestClock(db: Db, row: TestClockRow): void {
  s(db).insert.run(row);
}

export function getTestClock(db: Db, id: string): TestClockRow | undefined {
  return s(db).get.get(id) as TestClockRow | undefined;
}

export function listTestClocks(db: Db): TestClockRow[] {
  return s(db).all.all() as TestClockRow[];
}

export function moveTestClock(db: Db, id: string, nowMs: number): void {
  s(db).move.run(nowMs, id);
}

/**
 * Binds a subject to a clock (again, if it was bound elsewhere) and moves its pending timers onto that
 * clock, their due times unchanged.
 */
export function bindToClock(db: Db, b: BindingRow): void {
  s(db).bind.run(b);
  s(db).moveTimers.run({ clock_id: b.clock_id, subject: b.subject });
}

export function listBindings(db: Db): BindingRow[] {
  return s(db).bindings.all() as BindingRow[];
}

/** Deletes a clock: what was bound to it, and its pending timers, go back to the simulator clock. */
export function deleteTestClock(db: Db, id: string): boolean {
  s(db).unbindAll.run(id);
  s(db).releaseTimers.run(id);
  return s(db).remove.run(id).changes === 1;
}
