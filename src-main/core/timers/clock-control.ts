import type { ClockBack, ClockView } from '@shared/contract/after-purchase-ops';
import {
  ClockAdvanceSchema,
  ClockSetSchema,
  type AdvanceResult,
  type ClockMode,
} from '@shared/schemas/clock.schema';
import { schemaProblems } from '@shared/rules/schema-problems';
import type { ControlledClock } from '../clock';
import { invalid } from '../errors';
import type { EventBus } from '../events';
import type { TimerRunner } from './timer-runner';
import type { TimerService } from './timer-service';

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The clock as the console and the automation API move it. Advancing walks forward through every due
 * time up to the target, firing what comes due in due order, then stops at the target. That holds in
 * both modes: in real mode an advance jumps the clock ahead by as much and it keeps running from there.
 */
export class ClockControl {
  constructor(
    private readonly clock: ControlledClock,
    private readonly timers: TimerService,
    private readonly runner: TimerRunner,
    private readonly events: EventBus,
  ) {}

  view(): ClockView {
    const next = this.timers.nextDue();
    return {
      now: iso(this.clock.now()),
      mode: this.clock.mode(),
      speed: this.clock.speed(),
      next_event_at: next === null ? null : iso(next),
      pending_timers: this.timers.pendingCount(),
    };
  }

  /** `{"mode":"manual"}`, `{"mode":"real","speed":N}`, or a speed alone. */
  set(input: unknown): ClockView {
    const parsed = ClockSetSchema.safeParse(input);
    if (!parsed.success) throw invalid(schemaProblems(parsed.error));
    const mode: ClockMode = parsed.data.mode ?? this.clock.mode();
    this.clock.configure(mode, parsed.data.speed ?? this.clock.speed());
    this.runner.rearm();
    return this.changed();
  }

  /** `{"seconds": N}` or `{"until": "next_event"}`: fires what came due and answers what fired. */
  async advance(input: unknown): Promise<AdvanceResult> {
    const parsed = ClockAdvanceSchema.safeParse(input);
    if (!parsed.success) throw invalid(schemaProblems(parsed.error));
    const { seconds } = parsed.data;
    const target =
      seconds !== undefined ? this.clock.now() + Math.round(seconds * 1000) : this.timers.nextDue();
    const report = target === null ? { fired: [], total: 0 } : await this.timers.fireDue(target, true, null);
    if (target !== null) this.clock.moveTo(target);
    this.clock.checkpoint();
    this.runner.rearm();
    const view = this.changed();
    return {
      now: view.now,
      mode: view.mode,
      speed: view.speed,
      fired: report.fired,
      fired_total: report.total,
      next_event_at: view.next_event_at,
    };
  }

  /**
   * Brings a clock that is ahead back to the computer's time (same mode and speed). Timers still pending keep
   * their simulator times: nothing fires twice and nothing is lost, they come due that much later.
   */
  backToNow(): ClockBack {
    const ahead = this.clock.now() - this.clock.wallNow();
    if (ahead <= 0) {
      return {
        ...this.view(),
        moved_back_ms: 0,
        message: 'The clock is not ahead of the computer’s: nothing to do.',
      };
    }
    this.clock.backToWall();
    this.runner.rearm();
    const view = this.changed();
    return { ...view, moved_back_ms: ahead, message: backMessage(ahead, view.pending_timers) };
  }

  /** Tells the console where the clock stands now (after timers fired by themselves in real mode). */
  announce(): void {
    this.changed();
  }

  private changed(): ClockView {
    const view = this.view();
    this.events.emit('clock.changed', view);
    return view;
  }
}

/** What moving back means for the timers, in one sentence. */
function backMessage(aheadMs: number, pending: number): string {
  const by = formatSpan(aheadMs);
  if (pending === 0) return `The clock went back ${by} to the computer’s time; no timer was pending.`;
  const timers =
    pending === 1
      ? '1 pending timer keeps its simulator time'
      : `${pending} pending timers keep their simulator times`;
  return `The clock went back ${by} to the computer’s time. ${timers}: by the computer’s time each comes due ${by} later than before.`;
}

/** A span as days, hours and minutes (`1 d 2 h`, `5 min`, `12 s`). */
export function formatSpan(ms: number): string {
  const s = Math.round(ms / 1000);
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const parts = [d && `${d} d`, h && `${h} h`, m && `${m} min`].filter(Boolean) as string[];
  return parts.length > 0 ? parts.slice(0, 2).join(' ') : `${s} s`;
}
