import { describe, expect, it } from 'vitest';
import { formatDuration, parseDuration } from './duration';

describe('durations of scenario files', () => {
  it('reads a number and a unit', () => {
    expect(parseDuration('500ms')).toBe(500);
    expect(parseDuration('2s')).toBe(2000);
    expect(parseDuration('10m')).toBe(600_000);
    expect(parseDuration('10 min')).toBe(600_000);
    expect(parseDuration('1.5h')).toBe(5_400_000);
    expect(parseDuration('2d')).toBe(172_800_000);
  });

  it('refuses anything else', () => {
    for (const bad of ['', '10', 'm', '-1s', '1 week', '2s3']) expect(parseDuration(bad)).toBeNull();
  });

  it('prints a duration back in the unit that reads best', () => {
    expect(formatDuration(12)).toBe('12 ms');
    expect(formatDuration(2000)).toBe('2 s');
    expect(formatDuration(600_000)).toBe('10 min');
    expect(formatDuration(5_400_000)).toBe('1 h 30 min');
    expect(formatDuration(86_400_000)).toBe('24 h');
    expect(formatDuration(3 * 86_400_000)).toBe('3 d');
  });

  it('reads around the number: spaces before the unit, around the whole, and decimals of any unit', () => {
    expect(parseDuration(' 2s ')).toBe(2000);
    expect(parseDuration('2 s')).toBe(2000);
    expect(parseDuration('1.5 ms')).toBe(2);
    expect(parseDuration('0.25s')).toBe(250);
    expect(parseDuration('1.5min')).toBe(90_000);
    expect(parseDuration('1.5m')).toBe(90_000);
    expect(parseDuration('0.5d')).toBe(43_200_000);
    for (const bad of ['1.s', '.5s', '1,5s', 's1', '1sx', '1h30m', '2 ms x'])
      expect(parseDuration(bad), bad).toBeNull();
  });

  it('prints seconds with two decimals under 10 s, one from 10 s, and minutes with their seconds', () => {
    expect(formatDuration(999)).toBe('999 ms');
    expect(formatDuration(999.6)).toBe('1000 ms');
    expect(formatDuration(1000)).toBe('1 s');
    expect(formatDuration(1234)).toBe('1.23 s');
    expect(formatDuration(9_999)).toBe('10 s');
    expect(formatDuration(10_000)).toBe('10 s');
    expect(formatDuration(12_345)).toBe('12.3 s');
    expect(formatDuration(59_999)).toBe('60 s');
    expect(formatDuration(60_000)).toBe('1 min');
    expect(formatDuration(90_000)).toBe('1 min 30 s');
    expect(formatDuration(3_599_999)).toBe('60 min');
    expect(formatDuration(119_600)).toBe('2 min');
  });

  it('prints hours up to two days, then days with their hours; a negative one with a minus sign', () => {
    expect(formatDuration(3_600_000)).toBe('1 h');
    expect(formatDuration(36 * 3_600_000)).toBe('36 h');
    expect(formatDuration(2 * 86_400_000 - 1)).toBe('48 h');
    expect(formatDuration(7_199_000)).toBe('2 h');
    expect(formatDuration(3 * 86_400_000 - 1)).toBe('3 d');
    expect(formatDuration(2 * 86_400_000)).toBe('2 d');
    expect(formatDuration(2.5 * 86_400_000)).toBe('2 d 12 h');
    expect(formatDuration(-1500)).toBe('−1.5 s');
    expect(formatDuration(-90_000)).toBe('−1 min 30 s');
    expect(formatDuration(-5_400_000)).toBe('−1 h 30 min');
    expect(formatDuration(-3 * 86_400_000)).toBe('−3 d');
    expect(formatDuration(-12)).toBe('−12 ms');
    expect(formatDuration(0)).toBe('0 ms');
  });
});
