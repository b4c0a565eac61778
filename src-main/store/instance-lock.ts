import { readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';

/**
 * One simulator per data folder. Two processes on the same SQLite files would both schedule and send the
 * same pushes and fight over the write lock (`UNIQUE constraint failed`, `database is locked`).
 *
 * The lock is an OS file lock, taken through SQLite on a file of its own (`simulator.lock`, opened in
 * EXCLUSIVE locking mode): SQLite already locks files the same way on every platform, and the kernel
 * drops the lock with the process however it ends (`kill -9`, a crash, power loss). So a lock left
 * behind cannot exist, and a PID reused by another program cannot keep the folder locked: the PID is
 * never what decides. Who holds the lock is written beside it (`simulator.lock.json`: PID, start time,
 * URLs once listening) only so that a refused start can say which process to stop.
 *
 * A lock on a file name cannot survive the name being deleted: with `simulator.lock` removed by hand, a
 * second start would lock a new file of that name. So the start also asks SQLite for the database file
 * itself (see databaseInUse): every connection to `simulator.db` in WAL mode holds a shared OS lock on
 * it for as long as it is open, which no file deletion in the folder can take away.
 */
export const LOCK_FILE = 'simulator.lock';
export const HOLDER_FILE = 'simulator.lock.json';
/** The database whose own lock backs the lock file's (the name is config.schema's DB_FILE). */
const DB_FILE = 'simulator.db';

/** What the running simulator wrote about itself; `urls` is null until its listeners are up. */
export interface LockHolder {
  pid: number;
  startedAt: string;
  urls: Record<string, string> | null;
}

export interface InstanceLock {
  /** Records the URLs the holder listens on, for a refused second start to print. */
  recordUrls(urls: Record<string, string>): void;
  /** Gives the folder up (closing the lock's file releases the OS lock). */
  release(): void;
}

/** The folder is held by another process; `holder` is what it wrote, null when unreadable (still starting). */
export class FolderInUseError extends Error {
  constructor(
    readonly dir: string,
    readonly holder: LockHolder | null,
    /** The lock file was free but simulator.db is open in another process (its lock file was deleted). */
    readonly lockFileGone = false,
  ) {
    super(`the data folder ${dir} is in use by another simulator`);
  }
}

function readHolder(file: string): LockHolder | null {
  try {
    const h = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockHolder>;
    return typeof h.pid === 'number' && typeof h.startedAt === 'string'
      ? { pid: h.pid, startedAt: h.startedAt, urls: h.urls ?? null }
      : null;
  } catch {
    return null;
  }
}

/** Written to a temporary file, then renamed over: a reader never sees half a file. */
function writeHolder(file: string, holder: LockHolder): void {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(holder)}\n`);
  renameSync(tmp, file);
}

/**
 * Takes the data folder's lock or throws `FolderInUseError` at once (no waiting: the other simulator
 * holds it for as long as it runs). Errors other than a held lock (a read-only folder) are thrown as
 * they are.
 */
export function acquireInstanceLock(dir: string, opts: { nativeBinding?: string } = {}): InstanceLock {
  const lockDb = new Database(join(dir, LOCK_FILE), {
    timeout: 0,
    ...(opts.nativeBinding ? { nativeBinding: opts.nativeBinding } : {}),
  });
  try {
    // EXCLUSIVE locking mode keeps the lock a transaction takes until the connection closes; the journal
    // in memory leaves no second file behind.
    lockDb.pragma('locking_mode = EXCLUSIVE');
    lockDb.pragma('journal_mode = MEMORY');
    lockDb.exec('BEGIN EXCLUSIVE; COMMIT');
  } catch (err) {
    lockDb.close();
    if ((err as { code?: string }).code === 'SQLITE_BUSY')
      throw new FolderInUseError(dir, readHolder(join(dir, HOLDER_FILE)));
    throw err;
  }
  if (databaseInUse(join(dir, DB_FILE), opts.nativeBinding)) {
    lockDb.close();
    throw new FolderInUseError(dir, readHolder(join(dir, HOLDER_FILE)), true);
  }
  const holderFile = join(dir, HOLDER_FILE);
  const holder: LockHolder = { pid: process.pid, startedAt: new Date().toISOString(), urls: null };
  writeHolder(holderFile, holder);
  let held = true;
  return {
    recordUrls(urls) {
      if (held) writeHolder(holderFile, { ...holder, urls });
    },
    release() {
      if (!held) return;
      held = false;
      rmSync(holderFile, { force: true });
      lockDb.close();
    },
  };
}

/**
 * Whether another connection, in this process or another, has `file` open. A connection in WAL mode
 * holds a shared lock on the database file from its first read until it closes; one in EXCLUSIVE locking
 * mode must take the file's exclusive lock to read, so it is refused (SQLITE_BUSY) while any other is
 * open. A file that is not there, is empty, or cannot be read (damaged, read-only) is not in use here:
 * opening it says what is wrong with it.
 */
function databaseInUse(file: string, nativeBinding: string | undefined): boolean {
  try {
    if (statSync(file).size === 0) return false;
  } catch {
    return false;
  }
  let probe: Database.Database | undefined;
  try {
    probe = new Database(file, {
      timeout: 0,
      fileMustExist: true,
      ...(nativeBinding ? { nativeBinding } : {}),
    });
    probe.pragma('locking_mode = EXCLUSIVE');
    probe.prepare('SELECT count(*) FROM sqlite_master').get();
    return false;
  } catch (err) {
    return (err as { code?: string }).code === 'SQLITE_BUSY';
  } finally {
    probe?.close();
  }
}
