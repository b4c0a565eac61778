import type Database from 'better-sqlite3';

/**
 * One of the simulator's SQLite files cannot be used: `damaged` (not a database, or its pages fail
 * SQLite's check) or `unreadable` (missing permission, a folder in its place, an I/O error). Start-up
 * names the file and what to do from it (boot/startup-error.ts).
 */
export class DbFileError extends Error {
  constructor(
    readonly file: string,
    readonly problem: 'damaged' | 'unreadable',
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
