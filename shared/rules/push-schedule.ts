/**
 * The push schedule of checkout-callbacks.md, pure. The first push goes about two minutes after the
 * purchase completes; until the order is acknowledged, further attempts follow at 5, 15, 30 and 60
 * minutes after the first, then every 4 hours, none later than 48 hours after the first.
 *
 * "Then every 4 hours" counts from the 60-minute attempt (5 h, 9 h, … 45 h): that is the reading under
 * which "none later than 48 hours" gives the 16 attempts the issue states (counting from the first
 * attempt instead would give 4 h … 48 h, 17 attempts).
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Completion → first push. */
export const PUSH_FIRST_DELAY_MS = 2 * MINUTE;
/** Retries after the first attempt, before the 4-hourly ones. */
export const PUSH_EARLY_RETRIES_MS = [5 * MINUTE, 15 * MINUTE, 30 * MINUTE, 60 * MINUTE] as const;
export const PUSH_INTERVAL_MS = 4 * HOUR;
/** No attempt later than this after the first. */
export const PUSH_WINDOW_MS = 48 * HOUR;

function buildOffsets(): number[] {
  const offsets = [0, ...PUSH_EARLY_RETRIES_MS];
  let next = offsets[offsets.length - 1]! + PUSH_INTERVAL_MS;
  while (next <= PUSH_WINDOW_MS) {
    offsets.push(next);
    next += PUSH_INTERVAL_MS;
  }
  return offsets;
}

const OFFSETS: readonly number[] = Object.freeze(buildOffsets());

/** Every attempt's offset from the first attempt, in order (attempt n is at index n − 1). */
export function pushOffsets(): readonly number[] {
  return OFFSETS;
}

/** How many attempts an order gets when nobody acknowledges it. */
export const PUSH_MAX_ATTEMPTS = OFFSETS.length;

/** When the first attempt is due, for an order completed at `completedMs`. */
export const firstPushDue = (completedMs: number): number => completedMs + PUSH_FIRST_DELAY_MS;

/** When attempt `number` (1-based) is due, or null when the schedule has no such attempt. */
export function pushDue(firstDueMs: number, number: number): number | null {
  const offset = OFFSETS[number - 1];
  return offset === undefined ? null : firstDueMs + offset;
}

/** The schedule in the spec's words, for the console and the automation API. */
export function describePushSchedule(): string {
  return 'first push about 2 minutes after completion; until acknowledged, retries at 5, 15, 30 and 60 minutes after the first, then every 4 hours, none later than 48 hours after the first';
}
