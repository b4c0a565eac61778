import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openDb, type Db } from '../db';
import { attachLog } from '../log-db';
import { MIGRATIONS, migrate } from '../migrations';

/*
 * For the tests of the simulator file's migrations: a file at the layout before one migration, to fill
 * with data as the code of that layout wrote it (plain SQL: today's repositories know only the last
 * layout), then that one migration, then the data checked.
 */

const dirs: string[] = [];

/** Removes the folders made since the last call (call it after each test). */
export function removeTempFolders(): void {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
}

/** A new simulator.db path in a temporary folder of its own. */
export function tempMainFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sim-mig-'));
  dirs.push(dir);
  return join(dir, 'simulator.db');
}

/** Today's simulator file, opened (every migration applied) in a temporary folder of its own. */
export const openTempDb = (): Db => openDb(tempMainFile());

export interface FileBefore {
  db: Db;
  file: string;
  /** Runs the migration under test alone; returns the versions applied. */
  upgrade(): number[];
}

/**
 * The simulator's file with every migration before `version` applied, its log attached as `openDb`
 * attaches it before migrating (migration 008 writes into it).
 */
export function mainFileBefore(version: number): FileBefore {
  const file = tempMainFile();
  const db = new Database(file);
  attachLog(db, file);
  migrate(
    db,
    MIGRATIONS.filter((m) => m.version < version),
  );
  return {
    db,
    file,
    upgrade: () =>
      migrate(
        db,
        MIGRATIONS.filter((m) => m.version <= version),
      ),
  };
}

/** Every row of `table`, in `order` (rowid order by default). */
export function rowsOf(db: Db, table: string, order = 'rowid'): unknown[] {
  return db.prepare(`SELECT * FROM ${table} ORDER BY ${order}`).all();
}

/** The names of the tables of `schema` (main or log). */
export function tablesOf(db: Db, schema = 'main'): string[] {
  return db
    .prepare(`SELECT name FROM ${schema}.sqlite_master WHERE type = 'table' ORDER BY name`)
    .pluck()
    .all() as string[];
}

/** A stored checkout order `o1` as every layout since 002 (its `session` column) has it. */
export function addOrderRow(
  db: Db,
  row: { status?: string; doc?: string; session?: string | null } = {},
): void {
  db.prepare(
    `INSERT INTO checkout_orders (order_id, status, doc, created_at, updated_at, session)
     VALUES ('o1', @status, @doc, 't0', 't1', @session)`,
  ).run({ status: 'checkout_complete', doc: '{}', session: '{}', ...row });
}
