import { z } from 'zod';

/** The smallest and largest cap on the exchange log's size (settings `log_max_bytes`). */
export const LOG_MAX_BYTES_MIN = 1024 * 1024;
export const LOG_MAX_BYTES_MAX = 1024 ** 4;
/** The default cap: 1 GB, a few days of busy CI at 25–50 KB a purchase. */
export const LOG_MAX_BYTES_DEFAULT = 1024 ** 3;

/** The cap on the exchange log's size, in bytes: the oldest exchanges are removed to stay under it. */
export const LogMaxBytesSchema = z
  .int()
  .min(LOG_MAX_BYTES_MIN, `must be at least ${LOG_MAX_BYTES_MIN} (1 MiB)`)
  .max(LOG_MAX_BYTES_MAX, `must be at most ${LOG_MAX_BYTES_MAX} (1 TiB)`);

/** The disk holding the data folder is full: since when (wall clock), and what clients are told. */
export const DiskFullSchema = z.object({
  path: z.string(),
  since: z.string(),
  message: z.string(),
});
export type DiskFull = z.infer<typeof DiskFullSchema>;

/** The exchange log's size against its cap, and what it lost: the log page's figure and the console's banner. */
export const LogStatusSchema = z.object({
  /** The log's files on disk (exchanges.db and its write-ahead log), in bytes. */
  bytes: z.number().int().nonnegative(),
  /** The cap (settings `log_max_bytes`). */
  max_bytes: z.number().int().positive(),
  /** Exchanges removed, oldest first, to keep the log under its cap since it was last emptied. */
  pruned: z.number().int().nonnegative(),
  /** Exchanges that could not be written to the log (most often: the disk was full) since the simulator started. */
  dropped: z.number().int().nonnegative(),
  /** Set while the disk holding the data folder is full (a write failed for lack of space). */
  disk_full: DiskFullSchema.nullable(),
});
export type LogStatus = z.infer<typeof LogStatusSchema>;
