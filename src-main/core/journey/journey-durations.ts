/* Durations of a saved journey, written the way scenario files write them (`2m`, `18h`, `30s`). */

const UNITS: [string, number][] = [
  ['d', 86_400_000],
  ['h', 3_600_000],
  ['m', 60_000],
  ['s', 1000],
];

/**
 * A clock move as `advance` steps: whole units from the largest down (18 h 2 min is `18h` then `2m`),
 * rounded to whole seconds; none for less than half a second.
 */
export function advanceParts(ms: number): string[] {
  let rest = Math.round(ms / 1000) * 1000;
  const parts: string[] = [];
  for (const [unit, size] of UNITS) {
    const n = Math.floor(rest / size);
    if (n > 0) parts.push(`${n}${unit}`);
    rest -= n * size;
  }
  return parts;
}

/** The round limits an expectation's `within` is rounded up to. */
const LIMITS = [
  '1s',
  '2s',
  '5s',
  '10s',
  '30s',
  '1m',
  '2m',
  '5m',
  '10m',
  '15m',
  '30m',
  '1h',
  '2h',
  '4h',
  '6h',
  '12h',
  '1d',
  '2d',
  '7d',
  '30d',
];
const msOf = (d: string): number => {
  const [, n, u] = /^(\d+)([a-z]+)$/.exec(d)!;
  return Number(n) * UNITS.find(([x]) => x === u)![1];
};

/** A time seen, rounded up to a round limit (`1s` at least): what an expectation allows. */
export function roundUp(ms: number): string {
  return LIMITS.find((l) => msOf(l) >= ms) ?? `${Math.ceil(ms / 86_400_000)}d`;
}

/** A span, for comments: `0s`, `2m`, `18h 2m` (under half a second: `0s`). */
export function spanText(ms: number): string {
  const parts = advanceParts(ms);
  return parts.length ? parts.join(' ') : '0s';
}

/** A time since the order was created, for comments: `+0s`, `+2m`, `+18h 2m`. */
export const offsetText = (ms: number): string => `+${spanText(ms)}`;
