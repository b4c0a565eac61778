import { describe, expect, it } from 'vitest';
import { formatDuration, parseDuration } from './duration';

describe('durations of scenario files', () => {
  it.each([
    // a number and a unit
    ['500ms', 500],
    ['2s', 2000],
    ['10m', 600_000],
    ['10 min', 600_000],
    ['1.5h', 5_400_000],
    ['2d', 172_800_000],
    // spaces before the unit and around the whole; decimals of any unit
    [' 2s ', 2000],
    ['2 s', 2000],
    ['1.5 ms', 2],
    ['0.25s', 250],
    ['1.5min', 90_000],
    ['1.5m', 90_000],
    ['0.5d', 43_200_000],
  ])('reads %j as %d ms', (text, ms) => {
    expect(parseDuration(text)).toBe(ms);
  });

  it('refuses anything else', () => {
    for (const bad of ['', '10', 'm', '-1s', '1 week', '2s3']) expect(parseDuration(bad)).toBeNull();
    for (const bad of ['1.s', '.5s', '1,5s', 's1', '1sx', '1h30m', '2 ms x'])
      expect(parseDuration(bad), bad).toBeNull();
  });

  it.each([
    // in the unit that reads best
    [12, '12 ms'],
    [2000, '2 s'],
    [600_000, '10 min'],
    [5_400_000, '1 h 30 min'],
    [86_400_000, '24 h'],
    [3 * 86_400_000, '3 d'],
    // seconds with two decimals under 10 s, one from 10 s, and minutes with their seconds
    [999, '999 ms'],
    [999.6, '1000 ms'],
    [1000, '1 s'],
    [1234, '1.23 s'],
    [9_999, '10 s'],
    [10_000, '10 s'],
    [12_345, '12.3 s'],
    [59_999, '60 s'],
    [60_000, '1 min'],
    [90_000, '1 min 30 s'],
    [3_599_999, '60 min'],
    [119_600, '2 min'],
    // hours up to two days, then days with their hours; a negative one with a minus sign
    [3_600_000, '1 h'],
    [36 * 3_600_000, '36 h'],
    [2 * 86_400_000 - 1, '48 h'],
    [7_199_000, '2 h'],
    [3 * 86_400_000 - 1, '3 d'],
    [2 * 86_400_000, '2 d'],
    [2.5 * 86_400_000, '2 d 12 h'],
    [-1500, '−1.5 s'],
    [-90_000, '−1 min 30 s'],
    [-5_400_000, '−1 h 30 min'],
    [-3 * 86_400_000, '−3 d'],
    [-12, '−12 ms'],
    [0, '0 ms'],
  ])('prints %d ms as %j', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });
});
