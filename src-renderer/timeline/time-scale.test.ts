import { PUSH_WINDOW_MS, pushOffsets } from '@shared/rules/push-schedule';
import { describe, expect, it } from 'vitest';
import { EARLY_END_AT, FIRST_PUSH_AT, formatOffset, planTicks, timeScale } from './time-scale';

const MIN = 60_000;
const HOUR = 60 * MIN;
const scale = timeScale({ firstDelayMs: 2 * MIN, earlyMs: HOUR, windowMs: PUSH_WINDOW_MS });
/** Where attempt n (1-based) lands: completion + 2 min + its offset from the first. */
const attemptX = (n: number) => scale.x(2 * MIN + pushOffsets()[n - 1]!);

describe('timeScale', () => {
  it('puts completion at 0, the first push and the end of the first hour at the knees, 48 h at 1', () => {
    expect(scale.x(0)).toBe(0);
    expect(scale.x(2 * MIN)).toBeCloseTo(FIRST_PUSH_AT);
    expect(scale.x(62 * MIN)).toBeCloseTo(EARLY_END_AT);
    expect(scale.x(2 * MIN + 48 * HOUR)).toBe(1);
    expect(scale.endMs).toBe(2 * MIN + 48 * HOUR);
  });

  it('clamps what lies outside the schedule', () => {
    expect(scale.x(-5 * MIN)).toBe(0);
    expect(scale.x(30 * 24 * HOUR)).toBe(1);
    expect(scale.x(Number.NaN)).toBe(0);
  });

  it('is monotonic', () => {
    let last = -1;
    for (let t = 0; t <= scale.endMs; t += 7 * MIN) {
      const x = scale.x(t);
      expect(x).toBeGreaterThanOrEqual(last);
      last = x;
    }
  });

  it('keeps the first hour as readable as the last day: no two attempts closer than 2.5 % of the width', () => {
    const xs = pushOffsets().map((_, i) => attemptX(i + 1));
    const gaps = xs.slice(1).map((x, i) => x - xs[i]!);
    expect(Math.min(...gaps)).toBeGreaterThan(0.025);
    // The early retries (5, 15, 30, 60 min) are about as far apart as each other…
    const early = gaps.slice(0, 4);
    expect(Math.max(...early) / Math.min(...early)).toBeLessThan(1.6);
    // …and the first hour takes a third of the width, not the 2 % a linear scale gives it.
    expect(attemptX(5) - attemptX(1)).toBeGreaterThan(0.3);
  });
});

describe('formatOffset', () => {
  it('reads minutes under an hour, hours above', () => {
    expect(formatOffset(2 * MIN)).toBe('2m');
    expect(formatOffset(30 * MIN)).toBe('30m');
    expect(formatOffset(HOUR)).toBe('1h');
    expect(formatOffset(45 * HOUR)).toBe('45h');
    expect(formatOffset(90 * MIN)).toBe('1h30m');
  });
});

describe('planTicks', () => {
  it('labels the plan as the spec states it: 2m after completion, then offsets from the first push', () => {
    const labels = planTicks(scale, pushOffsets()).map((t) => t.label);
    expect(labels).toEqual([
      '0',
      '2m',
      '5m',
      '15m',
      '30m',
      '1h',
      '5h',
      '9h',
      '13h',
      '17h',
      '21h',
      '25h',
      '29h',
      '33h',
      '37h',
      '41h',
      '45h',
      '48h',
    ]);
  });

  it('places each tick where its attempt is drawn', () => {
    const ticks = planTicks(scale, pushOffsets());
    expect(ticks[1]!.x).toBeCloseTo(attemptX(1));
    expect(ticks[3]!.x).toBeCloseTo(attemptX(3));
    expect(ticks[ticks.length - 1]!.x).toBe(1);
  });
});
