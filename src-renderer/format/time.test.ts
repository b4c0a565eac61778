import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDateTimeMs, formatDuration, formatTimeMs } from './time';

describe('time formatting', () => {
  it('formats a timestamp in local time', () => {
    const d = new Date(2025, 0, 2, 3, 4, 5, 6);
    expect(formatDateTime(d.toISOString())).toBe('2025-01-02 03:04:05');
    expect(formatTimeMs(d.toISOString())).toBe('03:04:05.006');
    expect(formatDateTimeMs(d.toISOString())).toBe('2025-01-02 03:04:05.006');
  });

  it('keeps an unparseable value as it is', () => {
    expect(formatDateTime('soon')).toBe('soon');
  });

  it('formats durations', () => {
    expect(formatDuration(12.4)).toBe('12\u00a0ms');
    expect(formatDuration(1250)).toBe('1.25\u00a0s');
  });
});
