import { isDiskFull } from '../../store/disk-full';
import type { ControlledClock } from '../clock';
import type { DomainEvents } from '../domain-events';
import type { Logger } from '../log';
import type { TimerService } from './timer-service';

/** The longest the runner sleeps before looking again: catches clock changes it was not told about. */
const MAX_SLEEP_MS = 60_000;
/** After a round a full disk failed, the next waits this long (the due timers stay pending meanwhile). */
export const DISK_FULL_RETRY_MS = 5_000;

/**
 * Fires timers as they come due while the clock runs (real mode, at its speed): one setTimeout to the
 * next due time, scaled by the speed, unref'd so it never holds the process open. Manual mode leaves
 * firing to advance. The shells start it once their listeners are up and stop it on close.
 */
export class TimerRunner {
  private timer: NodeJS.Timeout | null = null;
  private armedFor: number | null = null;
  private running = false;
  private ticking = false;
  private offScheduled: (() => void) | null = null;
  /** A round failed on a full disk and none has succeeded since (said once, retried slowly). */
  private diskFull = false;
  constructor(
    private readonly timers: TimerService,
    private readonly clock: ControlledClock,
    private readonly log: Logger,
    /** Told (`timers.fired`) after a round that fired timers, so the console hears the clock moved on. */
    private readonly domain: DomainEvents | null = null,
    /** The data folder, named when a full disk keeps timers from firing. */
    private readonly dataDir = 'the data folder',
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.offScheduled = this.timers.onScheduled((due) => {
      if (this.armedFor === null || due < this.armedFor) this.rearm();
    });
    this.rearm();
  }

  stop(): void {
    this.running = false;
    this.offScheduled?.();
    this.offScheduled = null;
    this.clear();
  }

  /** Looks at the next due time again (after a new timer, a mode or speed change, a jump). */
  rearm(): void {
    this.clear();
    if (!this.running || this.ticking || this.clock.mode() !== 'real') return;
    const next = this.timers.nextDue();
    const simDelay = next === null ? Infinity : next - this.clock.now();
    const least = this.diskFull ? DISK_FULL_RETRY_MS : 0;
    const delay = Math.min(MAX_SLEEP_MS, Math.max(least, Math.ceil(simDelay / this.clock.speed())));
    this.armedFor = next;
    this.timer = setTimeout(() => void this.tick(), delay);
    this.timer.unref();
  }

  private clear(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.armedFor = null;
  }

  private async tick(): Promise<void> {
    this.timer = null;
    this.ticking = true;
    try {
      if (this.clock.mode() === 'real') {
        const report = await this.timers.fireDue(this.clock.now(), false, null);
        this.clock.checkpoint();
        if (this.diskFull) this.log.info('timers fire again: the data folder has space');
        this.diskFull = false;
        if (report.total > 0) this.domain?.emit('timers.fired', {});
      }
    } catch (err) {
      if (!isDiskFull(err)) this.log.error('firing due timers failed', err);
      else if (!this.diskFull) {
        this.diskFull = true;
        this.log.warn(
          `the disk holding the data folder ${this.dataDir} is full: timers that came due (push ` +
            'attempts, expiries) stay pending, none is dropped, and fire once there is space again. Free ' +
            'some space, or clear the exchange log (DELETE /test_helpers/exchanges or Clear log on the ' +
            "console's log page)",
        );
      }
    } finally {
      this.ticking = false;
      this.rearm();
    }
  }
}
