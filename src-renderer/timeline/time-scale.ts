/**
 * The timeline's horizontal scale: time since the purchase completed → a fraction of the width.
 *
 * A linear scale over 48 hours would squeeze the first hour (six of the sixteen attempts) into 2 % of
 * the width. This one is piecewise: the wait for the first push gets a short stretch, the first hour of
 * retries a square-root stretch (so 5, 15, 30 and 60 minutes land about evenly apart), and the 4-hourly
 * attempts a linear stretch. Every attempt ends up at least a few dozen pixels from its neighbours.
 */

/** Where the pieces meet, as fractions of the width. */
export const FIRST_PUSH_AT = 0.06;
export const EARLY_END_AT = 0.4;

export interface ScaleSpec {
  /** Completion → first push (2 minutes). */
  firstDelayMs: number;
  /** First push → the last early retry (60 minutes): the end of the stretched hour. */
  earlyMs: number;
  /** First push → the end of the schedule (48 hours). */
  windowMs: number;
}

export interface TimeScale {
  /** Time since completion (ms) → fraction of the width, clamped to [0, 1]. */
  x(sinceCompletionMs: number): number;
  /** Time since completion at which the scale ends. */
  endMs: number;
  spec: ScaleSpec;
}

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

/** Builds the piecewise scale for one order's schedule. */
export function timeScale(spec: ScaleSpec): TimeScale {
  const { firstDelayMs, earlyMs, windowMs } = spec;
  const earlyEnd = firstDelayMs + earlyMs;
  const endMs = firstDelayMs + windowMs;
  const x = (t: number): number => {
    if (!Number.isFinite(t) || t <= 0) return 0;
    if (t >= endMs) return 1;
    if (t <= firstDelayMs) return firstDelayMs === 0 ? FIRST_PUSH_AT : (t / firstDelayMs) * FIRST_PUSH_AT;
    if (t <= earlyEnd) {
      const u = Math.sqrt((t - firstDelayMs) / earlyMs);
      return FIRST_PUSH_AT + u * (EARLY_END_AT - FIRST_PUSH_AT);
    }
    return clamp01(EARLY_END_AT + ((t - earlyEnd) / (endMs - earlyEnd)) * (1 - EARLY_END_AT));
  };
  return { x, endMs, spec };
}

/** An offset as a tick reads it: `2m`, `30m`, `1h`, `45h`, `1h30m`. */
export function formatOffset(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 60) return `${minutes}m`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m === 0 ? `${h}h` : `${h}h${m}m`;
}

export interface Tick {
  /** Time since completion. */
  atMs: number;
  x: number;
  label: string;
}

/**
 * The axis labels as the spec states the plan: the first push after 2 minutes (counted from completion),
 * then every retry by its offset from the first push (5m, 15m, 30m, 1h, 5h, 9h … 45h), and the window's end (48h).
 */
export function planTicks(scale: TimeScale, offsetsMs: readonly number[]): Tick[] {
  const { firstDelayMs, windowMs } = scale.spec;
  const at = (atMs: number, label: string): Tick => ({ atMs, x: scale.x(atMs), label });
  const ticks = [at(0, '0'), at(firstDelayMs, formatOffset(firstDelayMs))];
  for (const offset of offsetsMs) {
    if (offset > 0 && offset < windowMs) ticks.push(at(firstDelayMs + offset, formatOffset(offset)));
  }
  ticks.push(at(firstDelayMs + windowMs, formatOffset(windowMs)));
  return ticks;
}
