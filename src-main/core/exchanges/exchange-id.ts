let lastMs = 0;
let counter = 0;
/** `ex_` and the base36 milliseconds of lastMs: formatted once per millisecond, not per id. */
let prefix = `ex_${'0'.repeat(9)}`;

/**
 * A time-ordered exchange id (`ex_` + base36 milliseconds + a per-millisecond counter): ids sort in the
 * order exchanges happened, and inserting one appends to the index instead of landing at random.
 */
export function exchangeId(nowMs: number = Date.now()): string {
  if (nowMs <= lastMs) counter++;
  else {
    lastMs = nowMs;
    counter = 0;
    prefix = `ex_${lastMs.toString(36).padStart(9, '0')}`;
  }
  return `${prefix}${counter.toString(36).padStart(4, '0')}`;
}
