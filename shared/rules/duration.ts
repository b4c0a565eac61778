/**
 * Durations as scenario files write them (sim-defined): a number and a unit, `500ms`, `2s`, `10m`,
 * `1.5h`, `2d`. One grammar for the schema's pattern, the parser and the way reports print them back.
 */
export const DURATION_PATTERN = '^\\d+(\\.\\d+)?\\s*(ms|s|m|min|h|d)$';
const DURATION_RE = new RegExp(DURATION_PATTERN);

const UNIT_MS: Record<string, number> = {
  ms: 1,
  s: 1000,
  m: 60_000,
  min: 60_000,
  h: 3_600_000,
  d: 86_400_000,
};

/** Milliseconds of a duration such as `10m`; null when it is not one. */
export function parseDuration(text: string): number | null {
  const m = DURATION_RE.exec(text.trim());
  if (!m) return null;
  const unit = /(ms|min|s|m|h|d)$/.exec(text.trim())![1]!;
  return Math.round(parseFloat(text) * UNIT_MS[unit]!);
}

/** A duration in the largest unit that keeps it readable: `450 ms`, `2 s`, `10 min`, `1 h 30 min`, `2 d`. */
export function formatDuration(ms: number): string {
  const sign = ms < 0 ? '−' : '';
  const a = Math.abs(ms);
  if (a < 1000) return `${sign}${Math.round(a)} ms`;
  if (a < 60_000) return `${sign}${+(a / 1000).toFixed(a < 10_000 ? 2 : 1)} s`;
  // Rounded to the smaller unit first, so that a rest rounding up carries: `60 min`, never `59 min 60 s`.
  if (a < 3_600_000) {
    const s = Math.round(a / 1000);
    return `${sign}${Math.floor(s / 60)} min${s % 60 ? ` ${s % 60} s` : ''}`;
  }
  if (a < 86_400_000 * 2) {
    const min = Math.round(a / 60_000);
    return `${sign}${Math.floor(min / 60)} h${min % 60 ? ` ${min % 60} min` : ''}`;
  }
  const h = Math.round(a / 3_600_000);
  return `${sign}${Math.floor(h / 24)} d${h % 24 ? ` ${h % 24} h` : ''}`;
}
