import { describe, expect, it } from 'vitest';
import { aheadBy, clockModeLabel, formatCountdown, formatSpan, simNowAt } from './countdown';

const NB = '\u00a0';

describe('formatCountdown', () => {
  it('says "due now" once due', () => {
    expect(formatCountdown(0)).toBe('due now');
    expect(formatCountdown(-5000)).toBe('due now');
    expect(formatCountdown(Number.NaN)).toBe('due now');
  });

  it('shows the two largest units, rounding up to the second', () => {
    expect(formatCountdown(45_000)).toBe(`in 45${NB}s`);
    expect(formatCountdown(1)).toBe(`in 1${NB}s`);
    expect(formatCountdown(14 * 60_000 + 59_000)).toBe(`in 14${NB}min 59${NB}s`);
    expect(formatCountdown(2 * 60_000)).toBe(`in 2${NB}min`);
    expect(formatCountdown(3 * 3_600_000 + 12 * 60_000 + 30_000)).toBe(`in 3${NB}h 12${NB}min`);
    expect(formatCountdown(52 * 3_600_000)).toBe(`in 2${NB}d 4${NB}h`);
    expect(formatSpan(28 * 86_400_000)).toBe(`28${NB}d`);
  });
});

describe('simNowAt', () => {
  const reading = { now: '2026-01-01T00:00:00.000Z', speed: 60 };
  it('stands still in manual mode', () => {
    expect(simNowAt({ ...reading, mode: 'manual' }, 1000, 61_000)).toBe(Date.parse(reading.now));
  });
  it('moves on by wall time × speed while running', () => {
    expect(simNowAt({ ...reading, mode: 'real' }, 1000, 2000)).toBe(Date.parse(reading.now) + 60_000);
    // A reading newer than the wall time read does not move backwards.
    expect(simNowAt({ ...reading, mode: 'real' }, 5000, 2000)).toBe(Date.parse(reading.now));
  });
});

describe('clockModeLabel', () => {
  it('names the mode', () => {
    expect(clockModeLabel({ mode: 'manual', speed: 60 })).toBe('paused');
    expect(clockModeLabel({ mode: 'real', speed: 1 })).toBe('real time');
    expect(clockModeLabel({ mode: 'real', speed: 600 })).toBe('×600');
  });
});

describe('aheadBy', () => {
  it('says how far the simulator clock is ahead of the computer’s, and nothing when it is not', () => {
    const wall = Date.parse('2026-01-01T00:00:00Z');
    expect(aheadBy(wall + 86_400_000 + 2 * 3_600_000, wall)).toBe('1\u00a0d 2\u00a0h');
    expect(aheadBy(wall + 5_000, wall)).toBeNull();
    expect(aheadBy(wall - 3_600_000, wall)).toBeNull();
  });
});
