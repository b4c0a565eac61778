/*
 * Recognising "the disk is full" among the errors a write can end with, and saying it in words. SQLite
 * reports a write that found no space as SQLITE_FULL (also when a database reaches its max_page_count,
 * which is how tests provoke it without filling a disk); Node's own file writes report ENOSPC. Shared by
 * the HTTP answers (507), the exchange log's writer thread and start-up, so all say the same thing.
 */

/** Whether `err` is a write that failed for lack of space: SQLITE_FULL or the OS's ENOSPC. */
export function isDiskFull(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const code = (err as { code?: unknown }).code;
  // better-sqlite3 gives the primary code (SQLITE_FULL); an extended code would start with it.
  return code === 'ENOSPC' || (typeof code === 'string' && code.startsWith('SQLITE_FULL'));
}

/** What a client and the console are told: the disk is full, naming the data folder it holds. */
export function diskFullMessage(dataDir: string): string {
  return (
    `the disk holding the data folder ${dataDir} is full: nothing more can be written there. ` +
    'Free some space, or clear the exchange log (DELETE /test_helpers/exchanges or Clear log on the ' +
    "console's log page), then try again"
  );
}

/** The one line start-up prints when it fails on a full disk. */
export function diskFullStartLine(dataDir: string): string {
  return `cannot start: the disk holding the data folder ${dataDir} is full. Free some space there (the exchange log, exchanges.db there, may be deleted) and start again.`;
}
