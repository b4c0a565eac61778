import { accessSync, constants, statSync } from 'node:fs';
import type Database from 'better-sqlite3';

/**
 * One of the simulator's SQLite files cannot be used: `damaged` (not a database, or its pages fail
 * SQLite's check), `unreadable` (missing permission, a folder in its place, an I/O error), `read-only`
 * (SQLite would open it for reading only, and every write would fail later) or `empty` (0 bytes where
 * orders were expected). Start-up names the file and what to do from it (boot/startup-error.ts).
 */
export class DbFileError extends Error {
  constructor(
    readonly file: string,
    readonly problem: 'damaged' | 'unreadable' | 'read-only' | 'empty',
    readonly detail: string,
    options?: { cause?: unknown },
  ) {
    super(`${file} is ${problem}: ${detail}`, options);
  }
}

const DAMAGE = new Set(['SQLITE_CORRUPT', 'SQLITE_NOTADB']);
/** SQLite's codes for a file it could not open, read or write, as opposed to one it read and refused. */
const UNREADABLE = /^SQLITE_(CANTOPEN|PERM|READONLY|AUTH|IOERR|FULL|BUSY|LOCKED)/;

const codeOf = (err: unknown): string => (err as { code?: string }).code ?? '';

export const isDamage = (err: unknown): boolean => DAMAGE.has(codeOf(err));

/** `err` as a DbFileError about `file` when it is SQLite refusing the file; anything else: undefined. */
export function asDbFileError(file: string, err: unknown): DbFileError | undefined {
  if (err instanceof DbFileError) return err;
  const message = err instanceof Error ? err.message : String(err);
  if (isDamage(err)) return new DbFileError(file, 'damaged', message, { cause: err });
  if (UNREADABLE.test(codeOf(err))) return new DbFileError(file, 'unreadable', message, { cause: err });
  const sys = codeOf(err);
  if (sys === 'EACCES' || sys === 'EPERM' || sys === 'EROFS' || sys === 'EISDIR')
    return new DbFileError(file, 'unreadable', message, { cause: err });
  return undefined;
}

/**
 * Refuses `file` (and its write-ahead log and shared-memory files) when it exists and cannot be written.
 * SQLite opens such a file for reading without a word, and says `attempt to write a readonly database`,
 * naming no file, at the first write; the exchange log's writer would fail every batch.
 */
export function assertWritable(file: string): void {
  for (const f of [file, `${file}-wal`, `${file}-shm`]) {
    try {
      accessSync(f, constants.W_OK);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') continue;
      const why =
        code === 'EROFS' ? 'on a read-only file system' : `no write permission, ${code ?? String(err)}`;
      throw new DbFileError(f, 'read-only', why, { cause: err });
    }
  }
}

/**
 * Refuses a simulator.db of 0 bytes with no write-ahead log. SQLite takes such a file for a new, empty
 * database, so a file emptied by a copy or a sync cut short would start with no orders and no word.
 */
export function assertNotEmpty(file: string): void {
  const size = (f: string) => {
    try {
      return statSync(f).size;
    } catch {
      return null;
    }
  };
  if (size(file) === 0 && !size(`${file}-wal`)) throw new DbFileError(file, 'empty', '0 bytes');
}

/** mmap lets the check read the file's pages straight from the OS cache, about twice as fast. */
const CHECK_MMAP_BYTES = 2 ** 31;

/**
 * SQLite's `quick_check` of the connection's main file: every page of every table and index is read
 * and its structure checked (what integrity_check adds, comparing each index with its table, takes
 * several times longer and finds nothing a damaged page would not show here). Throws an error with
 * SQLite's own code for damage (SQLITE_CORRUPT), so it is handled like a file SQLite refused to read.
 * Measured with `npm run bench -- startup`.
 */
export function quickCheck(db: Database.Database): void {
  const mmap = db.pragma('mmap_size', { simple: true }) as number;
  db.pragma(`mmap_size = ${CHECK_MMAP_BYTES}`);
  try {
    const rows = db.pragma('main.quick_check(1)') as { quick_check: string }[];
    // Its first finding, on one line ("*** in database main ***" and a newline come before it).
    const first = (rows[0]?.quick_check ?? 'no answer')
      .replace(/^\*\*\*.*?\*\*\*\s*/, '')
      .replace(/\s+/g, ' ');
    if (first !== 'ok')
      throw Object.assign(new Error(`SQLite's quick_check failed: ${first}`), { code: 'SQLITE_CORRUPT' });
  } finally {
    db.pragma(`mmap_size = ${mmap}`);
  }
}
