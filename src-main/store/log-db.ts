import { existsSync, renameSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { asDbFileError, assertWritable, isDamage, quickCheck } from './db-file-error';
import { migrateLogFile } from './log-migrations';

/**
 * The exchange log lives in its own database file beside the simulator's: its writer thread appends
 * thousands of rows a second, and in a file of its own it never holds the lock that order writes need,
 * and its checkpoints never stall them. The main connection attaches it as schema `log` to read it.
 * Its layout is built by its own numbered migrations (log-migrations/), recorded in the file itself.
 */
export const LOG_DB_FILE = 'exchanges.db';
export const LOG_SCHEMA = 'log';

export const logFileFor = (mainFile: string): string => join(dirname(mainFile), LOG_DB_FILE);

/**
 * Moves the rows of the first layout's `exchanges` table into the current one, in order: each row
 * becomes a shape of its own and a batch of one entry, and its order's batches are indexed under the
 * order's number (log-migrations/002 did the same for the layout of its time).
 */
const drainLegacy = (s: string) => `
    INSERT INTO ${s}.exchange_shapes (doc, request_body_ref, response_body_ref, legacy_seq)
      SELECT json_object('order_id', order_id, 'direction', direction, 'kind', kind, 'method', method,
        'url', url, 'status', status,
        'request', json_object('headers', json(request_headers), 'body', request_body),
        'response', json_object('headers', json(response_headers), 'body', response_body),
        'outcome', outcome, 'violations', json(violations)), request_body_ref, response_body_ref, seq
      FROM ${s}.exchanges ORDER BY seq;
    INSERT INTO ${s}.exchange_batches (entries, legacy_seq)
      SELECT json_array(json_array(sh.id, x.id, x.at, x.duration_ms)), x.seq
      FROM ${s}.exchanges x JOIN ${s}.exchange_shapes sh ON sh.legacy_seq = x.seq ORDER BY x.seq;
    INSERT OR IGNORE INTO ${s}.exchange_orders (order_id)
      SELECT order_id FROM ${s}.exchanges WHERE order_id IS NOT NULL GROUP BY order_id ORDER BY min(seq);
    INSERT OR IGNORE INTO ${s}.exchange_order_batches (order_ref, batch)
      SELECT o.id, b.seq FROM ${s}.exchanges x JOIN ${s}.exchange_batches b ON b.legacy_seq = x.seq
      JOIN ${s}.exchange_orders o ON o.order_id = x.order_id;
    UPDATE ${s}.exchange_shapes SET legacy_seq = NULL WHERE legacy_seq IS NOT NULL;
    UPDATE ${s}.exchange_batches SET legacy_seq = NULL WHERE legacy_seq IS NOT NULL;
    DELETE FROM ${s}.exchanges;`;

/**
 * Moves rows that migration 008 of the simulator's file copied into the first layout's table (from a
 * main file older than it) into the current layout. Run after the main migrations; costs one empty
 * scan otherwise.
 */
export function drainLegacyExchanges(db: Database.Database, schema: string = LOG_SCHEMA): void {
  const any = db.prepare(`SELECT 1 FROM ${schema}.exchanges LIMIT 1`).get();
  if (any) db.transaction(() => db.exec(drainLegacy(schema)))();
}

export interface AttachLogOptions {
  /** The better-sqlite3 addon the main connection uses (Electron's own build), if not the default. */
  nativeBinding?: string;
  /** Told where a damaged log file was moved, and SQLite's words for the damage. */
  onDamaged?: (movedTo: string, reason: string) => void;
}

/**
 * Checks the log file (see quickCheck: a log whose pages are damaged would otherwise open, and then lose
 * every exchange written to it) and brings it up to date on a connection of its own (its migrations,
 * like the simulator's, see their files as the connection's main database and record themselves in its
 * own `schema_migrations`), then closes it.
 */
function checkAndMigrateLog(file: string, nativeBinding: string | undefined): void {
  const log = new Database(file, nativeBinding ? { nativeBinding } : {});
  try {
    quickCheck(log);
    log.pragma('journal_mode = WAL');
    log.pragma('busy_timeout = 5000');
    migrateLogFile(log);
  } finally {
    log.close();
  }
}

/**
 * Creates or upgrades the log beside `mainFile` and attaches it to `db` as schema `log`. A log file that
 * is not a database or is damaged is moved aside, with `onDamaged` told where, and a fresh one started:
 * the log is a record of traffic, and losing it must never keep the simulator from starting. One that
 * cannot be opened at all (permissions, a folder in its place) or written is a DbFileError naming it.
 */
export function attachLog(db: Database.Database, mainFile: string, opts: AttachLogOptions = {}): void {
  const file = logFileFor(mainFile);
  const attach = () => {
    try {
      assertWritable(file);
      checkAndMigrateLog(file, opts.nativeBinding);
      db.prepare(`ATTACH DATABASE ? AS ${LOG_SCHEMA}`).run(file);
    } catch (err) {
      throw (isDamage(err) ? err : asDbFileError(file, err)) ?? err;
    }
  };
  try {
    attach();
  } catch (err) {
    if (!isDamage(err)) throw err;
    const attached = (db.pragma('database_list') as { name: string }[]).some((d) => d.name === LOG_SCHEMA);
    if (attached) db.exec(`DETACH DATABASE ${LOG_SCHEMA}`);
    const movedTo = `${file}.damaged-${Date.now()}`;
    for (const suffix of ['', '-wal', '-shm'])
      if (existsSync(file + suffix)) renameSync(file + suffix, movedTo + suffix);
    opts.onDamaged?.(movedTo, (err as Error).message);
    attach();
  }
}

/**
 * Detaches the log from `db` while its writer thread replaces the file (Clear log): a connection that
 * keeps the file open keeps its space taken. Reattach with `reattachLog`; reads of the log in between
 * fail.
 */
export function detachLog(db: Database.Database): void {
  db.exec(`DETACH DATABASE ${LOG_SCHEMA}`);
}

/** Attaches the log's (new) file to `db` again, as schema `log`. */
export function reattachLog(db: Database.Database): void {
  db.prepare(`ATTACH DATABASE ? AS ${LOG_SCHEMA}`).run(logFileFor(db.name));
}

/** The log's files on disk (the database and its write-ahead log), in bytes. */
export function logFileBytes(db: Database.Database): number {
  const file = logFileFor(db.name);
  let bytes = 0;
  for (const suffix of ['', '-wal']) {
    try {
      bytes += statSync(file + suffix).size;
    } catch {
      // Not there (no write-ahead log between checkpoints on some systems): nothing to count.
    }
  }
  return bytes;
}

/** How many exchanges the size cap removed since the log was last emptied. */
export function prunedCount(db: Database.Database): number {
  return (db.prepare(`SELECT pruned FROM ${LOG_SCHEMA}.log_stats WHERE id = 1`).pluck().get() as number) ?? 0;
}
