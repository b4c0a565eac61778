import { preparedFor, type Db } from './db';

/** One conformance run: its summary columns and the whole scorecard as JSON. */
export interface ConformanceRunRow {
  run_id: string;
  at: string;
  base_url: string;
  identifier: string;
  passed: number;
  failed: number;
  skipped: number;
  doc: string;
}

const s = preparedFor((db) => ({
  insert: db.prepare(
    `INSERT INTO shipping_conformance_runs (run_id, at, base_url, identifier, passed, failed, skipped, doc)
     VALUES (@run_id, @at, @base_url, @identifier, @passed, @failed, @skipped, @doc)`,
  ),
  get: db.prepare('SELECT * FROM shipping_conformance_runs WHERE run_id = ?'),
  list: db.prepare(
    'SELECT run_id, at, base_url, identifier, passed, failed, skipped FROM shipping_conformance_runs ORDER BY at DESC, rowid DESC LIMIT ?',
  ),
}));

export function insertConformanceRun(db: Db, row: ConformanceRunRow): void {
  s(db).insert.run(row);
}

export function getConformanceRun(db: Db, runId: string): ConformanceRunRow | undefined {
  return s(db).get.get(runId) as ConformanceRunRow | undefined;
}

/** Newest first, without the scorecards. */
export function listConformanceRuns(db: Db, limit: number): Omit<ConformanceRunRow, 'doc'>[] {
  return s(db).list.all(limit) as Omit<ConformanceRunRow, 'doc'>[];
}
