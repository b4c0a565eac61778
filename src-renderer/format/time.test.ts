import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  formatClockTime,
  formatDateTimeMs,
  formatDay,
  formatDuration,
  formatTimeMs,
  formatWhen,
  formatWhenNoYear,
  splitWhen,
} from './time';

describe('time formatting', () => {
  it('writes the log’s moments in the one style, with milliseconds (local time)', () => {
    const iso = new Date(2025, 0, 2, 3, 4, 5, 6).toISOString();
    expect(formatTimeMs(iso, 'en-GB')).toBe('03:04:05.006');
    expect(formatDateTimeMs(iso, 'en-GB')).toBe('2 Jan 2025, 03:04:05.006');
    expect(splitWhen(iso, { ms: true, locale: 'en-GB' })).toEqual(['2 Jan 2025, ', '03:04:05.006']);
    expect(splitWhen(iso, { locale: 'en-GB' })).toEqual(['2 Jan 2025, ', '03:04:05']);
    expect(splitWhen(iso, { noYear: true, locale: 'en-GB' })).toEqual(['2 Jan, ', '03:04:05']);
    expect(formatDateTimeMs('soon', 'en-GB')).toBe('soon');
  });

  it('formats durations', () => {
    expect(formatDuration(12.4)).toBe('12\u00a0ms');
    expect(formatDuration(1250)).toBe('1.25\u00a0s');
  });
});

describe('dates for a person, in a locale', () => {
  afterEach(() => vi.unstubAllGlobals());
  // Local time, like the console: the expectations do not depend on the machine's time zone.
  const iso = new Date(2025, 0, 2, 15, 4, 5).toISOString();
  /** Intl may separate with no-break spaces; the tests read them as plain ones. */
  const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

  it('writes date and time to the second as the locale does', () => {
    expect(formatWhen(iso, 'en-GB')).toBe('2 Jan 2025, 15:04:05');
    expect(plain(formatWhen(iso, 'en-US'))).toBe('Jan 2, 2025, 3:04:05 PM');
    expect(formatWhen(iso, 'sv-SE')).toBe('2 jan. 2025 15:04:05');
    expect(formatWhenNoYear(iso, 'en-GB')).toBe('2 Jan, 15:04:05');
    expect(formatDay(iso, 'en-GB')).toBe('2 Jan 2025');
    expect(formatClockTime(iso, 'en-GB')).toBe('15:04:05');
    expect(plain(formatClockTime(iso, 'en-US'))).toBe('3:04:05 PM');
  });

  it('uses the browser’s locale when none is given', () => {
    vi.stubGlobal('navigator', { language: 'en-US' });
    expect(plain(formatWhen(iso))).toBe('Jan 2, 2025, 3:04:05 PM');
    vi.stubGlobal('navigator', { language: 'en-GB' });
    expect(formatWhen(iso)).toBe('2 Jan 2025, 15:04:05');
  });

  it('keeps an unparseable value as it is, and survives a locale tag the runtime rejects', () => {
    expect(formatWhen('soon', 'en-GB')).toBe('soon');
    expect(plain(formatWhen(iso, 'not a locale!'))).toBe(
      plain(
        new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' }).format(
          new Date(iso),
        ),
      ),
    );
  });
});
