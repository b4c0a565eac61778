import { countOf } from '@shared/format/plural';

/** The report's totals line: `1 of 1 expectation met`, `3 of 4 expectations met`. */
export function totalsText(t: { expectations: number; expectations_failed: number }): string {
  return `${t.expectations - t.expectations_failed} of ${countOf(t.expectations, 'expectation')} met`;
}

/** `+10 min`: how far into the scenario (its manual clock) a moment was; the time itself without a start. */
export function clockOffset(start: string | null, at: string): string {
  if (!start) return at;
  const ms = Math.max(0, Date.parse(at) - Date.parse(start));
  if (ms < 1000) return '+0 s';
  const units: [number, string][] = [
    [86_400_000, 'd'],
    [3_600_000, 'h'],
    [60_000, 'min'],
    [1000, 's'],
  ];
  const parts: string[] = [];
  let rest = ms;
  for (const [size, unit] of units) {
    const n = Math.floor(rest / size);
    if (n > 0 && parts.length < 2) parts.push(`${n} ${unit}`);
    rest -= n * size;
  }
  return `+${parts.join(' ')}`;
}
