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
});
