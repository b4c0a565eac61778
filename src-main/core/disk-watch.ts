import type { DiskFull } from '@shared/schemas/log-status.schema';
import { diskFullMessage, isDiskFull } from '../store/disk-full';
import { SimFailure } from './errors';

/**
 * Whether the disk holding the data folder is full, as the last writes found it, and how many exchanges
 * the log dropped. A write that fails for lack of space marks the disk full (the console's banner, the
 * 507 answers); the next write of the log that commits marks it free again: every request is logged, so
 * the first one after space came back says so.
 */
export class DiskWatch {
  private full: DiskFull | null = null;
  private droppedCount = 0;

  constructor(
    /** The data folder, named in what clients and the console are told. */
    readonly dataDir: string,
    /** Told, with the watch itself, whenever what `state` says changed (the console follows). */
    private readonly changed: (watch: DiskWatch) => void = () => {},
  ) {}

  /** The failure to answer for `err` when it is a full disk (and the disk is marked full); else null. */
  failureOf(err: unknown): SimFailure | null {
    if (!isDiskFull(err)) return null;
    const message = diskFullMessage(this.dataDir);
    this.markFull();
    return new SimFailure('disk_full', 'DISK_FULL', message);
  }

  /** `count` exchanges could not be written to the log (`err` says why). */
  dropped(count: number, err: unknown): void {
    this.droppedCount += count;
    if (isDiskFull(err)) this.markFull();
    this.changed(this);
  }

  /** A write of the log committed: there was space for it. */
  written(): void {
    if (this.full === null) return;
    this.full = null;
    this.changed(this);
  }

  state(): { disk_full: DiskFull | null; dropped: number } {
    return { disk_full: this.full, dropped: this.droppedCount };
  }

  private markFull(): void {
    if (this.full !== null) return;
    this.full = {
      path: this.dataDir,
      since: new Date().toISOString(),
      message: diskFullMessage(this.dataDir),
    };
    this.changed(this);
  }
}
