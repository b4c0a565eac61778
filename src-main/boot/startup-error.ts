import { basename, resolve } from 'node:path';
import { DB_FILE, type Ports } from '@shared/schemas/config.schema';
import { type DbFileError } from '../store/db-file-error';
import { diskFullStartLine, isDiskFull } from '../store/disk-full';
import { type FolderInUseError, type LockHolder } from '../store/instance-lock';

/**
 * Why the simulator could not start, in one line that names the file, folder or port, what is wrong
 * and what to do. The shells print the message alone; the error it came from (`cause`) is the trace
 * behind `--verbose`.
 */
export class StartupError extends Error {
  constructor(message: string, cause: unknown) {
    super(message, { cause });
    this.name = 'StartupError';
  }
}

const codeOf = (err: unknown): string => (err as { code?: string }).code ?? '';

/** Node's and SQLite's words for why a folder or file cannot be written, in plain words. */
const WHY: Record<string, string> = {
  EROFS: 'it is on a read-only file system',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ENOTDIR: 'a file is in the way of it',
  EEXIST: 'a file is in the way of it',
  ENOENT: 'its parent cannot be created (a read-only or missing drive?)',
  ENOSPC: 'the disk is full',
};

/** The data folder cannot be created or written. */
export function dataDirError(dir: string, err: unknown): StartupError {
  if (isDiskFull(err)) return new StartupError(diskFullStartLine(resolve(dir)), err);
  const why = WHY[codeOf(err)] ?? (err instanceof Error ? err.message : String(err));
  return new StartupError(
    `cannot write the data folder ${resolve(dir)}: ${why}; choose a writable folder with --data-dir`,
    err,
  );
}

function holderText(h: LockHolder | null): string {
  if (!h) return 'its PID and ports are not recorded yet';
  if (!h.urls) return `PID ${h.pid}, still starting`;
  const where = Object.entries(h.urls)
    .filter(([, url]) => url)
    .map(([name, url]) => `${name} ${url.replace(/^https?:\/\//, '')}`);
  return `PID ${h.pid}, ${where.join(', ')}`;
}

/** Another simulator holds the data folder. */
export function folderInUseError(err: FolderInUseError): StartupError {
  const who = err.lockFileGone
    ? 'its simulator.db is open in another process, most likely a simulator whose simulator.lock was deleted' +
      (err.holder ? ` (${holderText(err.holder)})` : '')
    : `in use by another simulator (${holderText(err.holder)})`;
  return new StartupError(
    `the data folder ${resolve(err.dir)} is ${err.lockFileGone ? 'in use: ' : ''}${who}: ` +
      'stop that one, or give this one another folder with --data-dir',
    err,
  );
}

/** simulator.db or exchanges.db refused; simulator.db is never moved aside (it holds the orders). */
export function dbFileError(err: DbFileError): StartupError {
  const file = resolve(err.file);
  const orders = basename(err.file).startsWith(DB_FILE);
  const what = {
    damaged:
      `${file} is damaged (${err.detail}); ` +
      (orders ? 'it holds your orders and was left untouched: ' : '') +
      'restore it from a backup, or move it away to start with an empty one',
    unreadable:
      `cannot open ${file} (${err.detail}): check that it is a readable and writable file, ` +
      'or choose another folder with --data-dir',
    'read-only':
      `${file} is read-only (${err.detail}) and the simulator writes to it: make it writable ` +
      '(chmod u+w, or chattr -i), ' +
      (orders ? '' : 'move it away to start a new exchange log, ') +
      'or choose another folder with --data-dir',
    empty:
      `${file} is empty (0 bytes): a file that held orders and was emptied (a copy or sync cut short) ` +
      'looks like this, so the simulator will not start on it; restore it from a backup, or delete it ' +
      'to start with an empty one',
  }[err.problem];
  return new StartupError(what, err);
}

const LISTENER_NAMES: Record<keyof Ports, string> = {
  api: 'the provider API',
  console: 'the console',
  integrator: 'the fake integrator',
  checkout: 'the embedded checkout',
  shop: 'the sample shop',
};

/**
 * The port an EADDRINUSE names: Node's listen error carries it as a field, but errors that passed through
 * another layer (a cluster's bind, a handle handed over) may carry it only in their message
 * (`… address already in use 127.0.0.1:4002`).
 */
function portOf(err: { port?: unknown; message?: unknown }): number | undefined {
  if (typeof err.port === 'number') return err.port;
  const m = typeof err.message === 'string' ? /:(\d{1,5})\s*$/.exec(err.message) : null;
  return m ? Number(m[1]) : undefined;
}

/** A listener's port is taken: named, with whose it is; when no port can be read, the range asked for. */
export function portInUseError(err: unknown, ports: Ports): StartupError {
  const port = portOf((err ?? {}) as { port?: unknown; message?: unknown });
  const { address } = (err ?? {}) as { address?: string };
  const listener = (Object.keys(ports) as (keyof Ports)[]).find((k) => ports[k] === port);
  const whose = listener ? ` (${LISTENER_NAMES[listener]})` : '';
  const asked = Object.values(ports).filter((p) => p > 0);
  const which =
    port !== undefined
      ? `port ${port}${whose}`
      : `one of ports ${asked.length > 0 ? `${Math.min(...asked)}-${Math.max(...asked)}` : 'asked for'}`;
  return new StartupError(
    `${which} on ${address ?? 'its address'} is in use: stop what listens there, ` +
      'or choose other ports with --port N (N to N+4; 0 picks free ones)',
    err,
  );
}

/** A port below 1024 without the privilege to bind it (EACCES), such as 443 for https clients. */
export function portPrivilegeError(err: unknown, ports: Ports): StartupError {
  const { port } = err as { port?: number };
  const listener = (Object.keys(ports) as (keyof Ports)[]).find((k) => ports[k] === port);
  const whose = listener ? ` (${LISTENER_NAMES[listener]})` : '';
  return new StartupError(
    `port ${port ?? '?'}${whose} needs privileges: run as root, or give node CAP_NET_BIND_SERVICE, ` +
      'or use a port above 1023 with --port N',
    err,
  );
}
