/**
 * Why HTTPS could not be set up, in one line that names the file, folder or port and says what to do.
 * The start-up turns it into its one-line StartupError (boot/startup-error.ts); `checkout-sim ca` prints it.
 */
export class TlsSetupError extends Error {
  constructor(message: string, cause: unknown) {
    super(message, { cause });
    this.name = 'TlsSetupError';
  }
}

/** Node's words for why a file or folder cannot be read or written, in plain words. */
const WHY: Record<string, string> = {
  ENOENT: 'no such file or folder',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'it is on a read-only file system',
  ENOTDIR: 'a file is in the way of it',
  EEXIST: 'a file is in the way of it',
  EISDIR: 'it is a folder',
  ENOSPC: 'the disk is full',
};

export function whyOf(err: unknown): string {
  const code = (err as { code?: string } | null)?.code ?? '';
  return WHY[code] ?? (err instanceof Error ? err.message : String(err));
}
