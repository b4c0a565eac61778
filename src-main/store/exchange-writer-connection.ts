import Database from 'better-sqlite3';
import type { WriterInit } from './exchange-writer-protocol';
import { migrateLogFile } from './log-migrations';

/**
 * The writer thread's connection to the log's file (exchange-writer-worker.ts), opened at start and
 * again on a new file when the log is emptied (its layout then built as openDb builds a new folder's).
 */
export function openLogConnection(init: WriterInit, cap: number): Database.Database {
  const db = new Database(init.file, init.nativeBinding ? { nativeBinding: init.nativeBinding } : {});
  db.pragma('journal_mode = WAL');
  // synchronous=OFF: a commit is in the OS when it returns, so a killed process loses nothing; only an
  // OS crash or power loss could cost the latest entries of the log (order state is in the other file,
  // and is synced as before).
  db.pragma('synchronous = OFF');
  db.pragma('busy_timeout = 5000');
  migrateLogFile(db);
  limitWal(db, cap);
  return db;
}

/**
 * The write-ahead log's share of the cap: checkpointed every tenth of the cap (at most SQLite's default
 * 1,000 pages, 4 MB), so that it stays small beside a small cap. It is reused from its start after each
 * checkpoint, so it does not grow past that (plus the largest transaction); it is not truncated, which
 * would cost a shrink and a regrowth at every checkpoint.
 */
export function limitWal(db: Database.Database, cap: number): void {
  const pageSize = db.pragma('page_size', { simple: true }) as number;
  db.pragma(`wal_autocheckpoint = ${Math.max(16, Math.min(1000, Math.floor(cap / 10 / pageSize)))}`);
}
