import { describe, expect, it } from 'vitest';
import { formatTimeIn } from './time-format';

const ISO = '2026-12-04T23:47:53.042Z';
const UTC = { timeZone: 'UTC' } as const;
/** Intl may separate with no-break or narrow spaces; the tests read them as plain ones. */
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formatTimeIn', () => {
  it('writes the locale’s medium date and time to the second', () => {
    expect(formatTimeIn(ISO, 'en-GB', UTC)).toBe('4 Dec 2026, 23:47:53');
    expect(plain(formatTimeIn(ISO, 'en-US', UTC))).toBe('Dec 4, 2026, 11:47:53 PM');
    expect(formatTimeIn(ISO, 'sv-SE', UTC)).toBe('4 dec. 2026 23:47:53');
  });

  it('leaves parts out of the same style: the time, the date, the year', () => {
    expect(formatTimeIn(ISO, 'en-GB', { ...UTC, part: 'time' })).toBe('23:47:53');
    expect(plain(formatTimeIn(ISO, 'en-US', { ...UTC, part: 'time' }))).toBe('11:47:53 PM');
    expect(formatTimeIn(ISO, 'en-GB', { ...UTC, part: 'date' })).toBe('4 Dec 2026');
    expect(formatTimeIn(ISO, 'en-GB', { ...UTC, part: 'no-year' })).toBe('4 Dec, 23:47:53');
    expect(plain(formatTimeIn(ISO, 'en-US', { ...UTC, part: 'no-year' }))).toBe('Dec 4, 11:47:53 PM');
  });

  it('adds milliseconds after the seconds, with the locale’s decimal sign', () => {
    expect(formatTimeIn(ISO, 'en-GB', { ...UTC, ms: true })).toBe('4 Dec 2026, 23:47:53.042');
    expect(plain(formatTimeIn(ISO, 'en-US', { ...UTC, ms: true }))).toBe('Dec 4, 2026, 11:47:53.042 PM');
    expect(formatTimeIn(ISO, 'sv-SE', { ...UTC, ms: true, part: 'time' })).toBe('23:47:53,042');
    expect(formatTimeIn('2026-12-04T23:47:53.007Z', 'en-GB', { ...UTC, ms: true, part: 'time' })).toBe(
      '23:47:53.007',
    );
  });

  it('is one style: every shorter form is a piece of the full one, in every locale', () => {
    for (const locale of ['en-GB', 'en-US', 'sv-SE', 'de-DE', 'fi-FI', 'nb-NO', 'ja-JP']) {
      const full = formatTimeIn(ISO, locale, UTC);
      expect(full, locale).toContain(formatTimeIn(ISO, locale, { ...UTC, part: 'time' }));
      expect(full, locale).toContain(formatTimeIn(ISO, locale, { ...UTC, part: 'date' }));
      expect(full, locale).not.toMatch(/\d{4}-\d\d-\d\d/);
      const ms = formatTimeIn(ISO, locale, { ...UTC, ms: true });
      expect(ms.replace(/[.,]042/, ''), locale).toBe(full);
    }
  });

  it('shows an unparseable value as it is, and survives a locale tag or zone the runtime rejects', () => {
    expect(formatTimeIn('soon', 'en-GB')).toBe('soon');
    const fallback = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
    expect(plain(formatTimeIn(ISO, 'not a locale!'))).toBe(plain(fallback.format(new Date(ISO))));
    expect(plain(formatTimeIn(ISO, 'en-GB', { timeZone: 'Nowhere/Atlantis' }))).toBe(
      plain(fallback.format(new Date(ISO))),
    );
  });

  // A locale whose date starts with the year drops the separator after it instead.
  it.each([
    ['ja-JP', '12/04 23:47:53'],
    ['zh-CN', '12月4日 23:47:53'],
    ['hu-HU', 'dec. 4. 23:47:53'],
  ])('leaves the year out of a year-first date in %s', (locale, expected) => {
    expect(formatTimeIn(ISO, locale, { ...UTC, part: 'no-year' })).toBe(expected);
  });

  it('adds no milliseconds to a date, and a dot after the seconds for a locale the runtime rejects', () => {
    expect(formatTimeIn(ISO, 'en-GB', { ...UTC, ms: true, part: 'date' })).toBe('4 Dec 2026');
    expect(formatTimeIn(ISO, 'not a locale!', { ...UTC, ms: true, part: 'time' })).toMatch(/:53\.042\b/);
  });

  it('keeps one formatter per locale, part and zone', () => {
    expect(formatTimeIn(ISO, 'en-GB', { timeZone: 'Asia/Tokyo', part: 'time' })).toBe('08:47:53');
    expect(formatTimeIn(ISO, 'en-GB', { timeZone: 'UTC', part: 'time' })).toBe('23:47:53');
    expect(formatTimeIn(ISO, 'en-GB', { timeZone: 'Asia/Tokyo', part: 'time' })).toBe('08:47:53');
  });
});
