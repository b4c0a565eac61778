import Database from 'better-sqlite3';
import { asDbFileError, assertNotEmpty, assertWritable, quickCheck } from './db-file-error';
import { attachLog, drainLegacyExchanges } from './log-db';
import { migrate } from './migrations';

export type Db = Database.Database;

export interface OpenDbOptions {
  /** Path of a better-sqlite3 addon built for this runtime (Electron needs its own; Node uses the default). */
  nativeBinding?: string;
  /** Told when the exchange log file was unreadable and was moved aside (default: stderr). */
  warn?: (message: string) => void;
}

/**
 * Opens (creating if needed) the simulator's database and brings its schema up to date. A file SQLite
 * cannot open, read or write, one that fails its check, or one of 0 bytes, is refused with a DbFileError
 * naming it, and left as it is: it holds the user's orders, so it is never moved aside as the exchange
 * log is.
 */
export function openDb(file: string, opts: OpenDbOptions = {}): Db {
  let db: Db | undefined;
  try {
    assertNotEmpty(file);
    assertWritable(file);
    db = new Database(file, opts.nativeBinding ? { nativeBinding: opts.nativeBinding } : {});
    quickCheck(db);
    // WAL: readers never block the writer. synchronous=NORMAL: every committed transaction is in the
    // OS before the call returns, so a killed process (kill -9) loses nothing; only power loss could.
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
  } catch (err) {
    db?.close();
    throw asDbFileError(file, err) ?? err;
  }
  try {
    // The exchange log, in its own file with its own migrations (see log-db.ts), readable here as schema
    // `log`; attached before the migrations run, since 008 writes into it.
    attachLog(db, file, {
      ...(opts.nativeBinding ? { nativeBinding: opts.nativeBinding } : {}),
      onDamaged: (movedTo, reason) =>
        (opts.warn ?? ((m: string) => process.stderr.write(`${m}\n`)))(
          `The exchange log was damaged or unreadable (${reason}); it was moved to ${movedTo} and a new log started.`,
        ),
    });
    migrate(db);
    drainLegacyExchanges(db);
  } catch (err) {
    db.close();
    throw err;
  }
  return db;
}

/**
 * Runs `fn` in one write transaction on the simulator's database. Deferred, never IMMEDIATE: the log
 * is attached to this connection, and BEGIN IMMEDIATE takes the write lock of every attached database,
 * so it would wait in SQLite's busy handler (blocking the event loop) whenever the log's writer thread
 * commits. This connection is the only writer of simulator.db, so a deferred transaction never waits.
 */
export function inTransaction<T>(db: Db, fn: () => T): T {
  return db.transaction(fn)();
}

/**
 * Wraps a repository's `prepare(db)` so its statements are prepared once per connection and reused:
 * `const s = preparedFor((db) => ({ get: db.prepare('…') }))`, then `s(db).get.get(id)`.
 */
export function preparedFor<T>(prepare: (db: Db) => T): (db: Db) => T {
  const cache = new WeakMap<Db, T>();
  return (db) => {
    let p = cache.get(db);
    if (!p) cache.set(db, (p = prepare(db)));
    return p;
  };
}
