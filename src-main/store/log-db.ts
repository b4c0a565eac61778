import { existsSync, renameSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Db } from './db';

/**
 * The exchange log lives in its own database file beside the simulator's: its writer thread appends
 * thousands of rows a second, and in a file of its own it never holds the lock that order writes need,
 * and its checkpoints never stall them. The main connection attaches it as schema `log` to read it.
 */
export const LOG_DB_FILE = 'exchanges.db';
export const LOG_SCHEMA = 'log';

export const logFileFor = (mainFile: string): string => join(dirname(mainFile), LOG_DB_FILE);

/**
 * The log's schema, versioned by `PRAGMA user_version`. `seq` is a plain rowid (no AUTOINCREMENT, no
 * unique index on `id`): rows are only ever appended, and each extra b-tree cost a write per exchange.
 */
const LOG_SCHEMA_VERSIONS: readonly ((schema: string) => string)[] = [
  (s) => `
    CREATE TABLE ${s}.exchanges (
      seq INTEGER PRIMARY KEY,
      id TEXT NOT NULL,
      order_id TEXT,
      direction TEXT NOT NULL CHECK (direction IN ('in', 'out')),
      kind TEXT NOT NULL,
      method TEXT NOT NULL,
      url TEXT NOT NULL,
      status INTEGER,
      duration_ms REAL NOT NULL,
      at TEXT NOT NULL,
      request_headers TEXT NOT NULL,
      request_body TEXT,
      request_body_ref TEXT,
      response_headers TEXT NOT NULL,
      response_body TEXT,
      response_body_ref TEXT,
      outcome TEXT,
      violations TEXT NOT NULL DEFAULT '[]'
    );
    CREATE INDEX ${s}.exchanges_order ON exchanges (order_id, seq);
    -- Large bodies stored once each by content hash (an order read a thousand times is one row here).
    CREATE TABLE ${s}.exchange_bodies (hash TEXT PRIMARY KEY, text TEXT NOT NULL) WITHOUT ROWID;`,
];

/** Brings the log's schema (in `schema` of `db`) up to date. */
export function migrateLog(db: Db, schema: string): void {
  const version = db.pragma(`${schema}.user_version`, { simple: true }) as number;
  for (let v = version; v < LOG_SCHEMA_VERSIONS.length; v++) {
    db.transaction(() => {
      db.exec(LOG_SCHEMA_VERSIONS[v]!(schema));
      db.pragma(`${schema}.user_version = ${v + 1}`);
    })();
  }
}

const UNREADABLE = new Set(['SQLITE_CORRUPT', 'SQLITE_NOTADB']);

/**
 * Attaches the log beside `mainFile` as schema `log`, creating or upgrading it. A log file that is not
 * a database (or is damaged) is moved aside, with `onDamaged` told where, and a fresh one started: the
 * log is a record of traffic, and losing it must never keep the simulator from starting.
 */
export function attachLog(db: Db, mainFile: string, onDamaged?: (movedTo: string) => void): void {
  const file = logFileFor(mainFile);
  const attach = () => {
    db.prepare(`ATTACH DATABASE ? AS ${LOG_SCHEMA}`).run(file);
    db.pragma(`${LOG_SCHEMA}.journal_mode = WAL`);
    migrateLog(db, LOG_SCHEMA);
  };
  try {
    attach();
  } catch (err) {
    if (!UNREADABLE.has((err as { code?: string }).code ?? '')) throw err;
    const attached = (db.pragma('database_list') as { name: string }[]).some((d) => d.name === LOG_SCHEMA);
    if (attached) db.exec(`DETACH DATABASE ${LOG_SCHEMA}`);
    const movedTo = `${file}.damaged-${Date.now()}`;
    for (const suffix of ['', '-wal', '-shm'])
      if (existsSync(file + suffix)) renameSync(file + suffix, movedTo + suffix);
    onDamaged?.(movedTo);
    attach();
  }
}
