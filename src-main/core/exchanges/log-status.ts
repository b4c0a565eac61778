import type { LogStatus } from '@shared/schemas/log-status.schema';
import type { Db } from '../../store/db';
import { logFileBytes, prunedCount } from '../../store/log-db';
import type { DiskWatch } from '../disk-watch';

/** The exchange log's size against its cap, what the cap removed and what was dropped, and the disk. */
export function logStatus(db: Db, disk: DiskWatch, maxBytes: number): LogStatus {
  let pruned = 0;
  try {
    pruned = prunedCount(db);
  } catch {
    // Read while Clear log replaces the file (detached for a moment): a new log has pruned nothing.
  }
  return { bytes: logFileBytes(db), max_bytes: maxBytes, pruned, ...disk.state() };
}
