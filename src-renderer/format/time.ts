import { formatTimeIn } from '@shared/rules/time-format';
import { browserLocale } from './locale';

/*
 * The console's times are shared/rules/time-format.ts's one style (issue 34 point 4), in the browser's locale
 * and time zone: `4 Dec 2026, 23:47:53` in en-GB. Milliseconds only in the exchange log (formatDateTimeMs,
 * formatTimeMs). It replaced a sortable `2026-12-04 23:47:53.042` the log had of its own.
 */

/** Date and time with milliseconds, for the exchange log: `4 Dec 2026, 23:47:53.042` (en-GB). */
export function formatDateTimeMs(iso: string, locale: string = browserLocale()): string {
  return formatTimeIn(iso, locale, { ms: true });
}

/** Time of day with milliseconds, for the exchange log: `23:47:53.042` (en-GB). */
export function formatTimeMs(iso: string, locale: string = browserLocale()): string {
  return formatTimeIn(iso, locale, { part: 'time', ms: true });
}

/** A duration in ms for log rows: `12 ms`, `1.25 s`. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)}\u00a0ms`;
  return `${(ms / 1000).toFixed(2)}\u00a0s`;
}

/** Date and time to the second, for a person: `26 Nov 2026, 16:19:49` (en-GB). */
export function formatWhen(iso: string, locale: string = browserLocale()): string {
  return formatTimeIn(iso, locale);
}

/** Day, month and time without the year: `26 Nov, 16:19:49` (en-GB). */
export function formatWhenNoYear(iso: string, locale: string = browserLocale()): string {
  return formatTimeIn(iso, locale, { part: 'no-year' });
}

/** The date alone: `26 Nov 2026` (en-GB). */
export function formatDay(iso: string, locale: string = browserLocale()): string {
  return formatTimeIn(iso, locale, { part: 'date' });
}

/** Time of day to the second: `16:19:49` (en-GB), `4:19:49 PM` (en-US). */
export function formatClockTime(iso: string, locale: string = browserLocale()): string {
  return formatTimeIn(iso, locale, { part: 'time' });
}

/**
 * A moment in two pieces that read together as formatWhen (formatDateTimeMs with `ms`): the date with its
 * separator, and the time of day. The log's rows let the date give way first on a narrow table; the
 * sidebar's clock sets the time in bold. `['4 Dec 2026, ', '23:47:53.042']` (en-GB, ms); `noYear`: `['4 Dec, ', …]`.
 */
export function splitWhen(
  iso: string,
  o: { ms?: boolean; noYear?: boolean; locale?: string } = {},
): [string, string] {
  const locale = o.locale ?? browserLocale();
  const full = o.ms
    ? formatDateTimeMs(iso, locale)
    : o.noYear
      ? formatWhenNoYear(iso, locale)
      : formatWhen(iso, locale);
  const time = o.ms ? formatTimeMs(iso, locale) : formatClockTime(iso, locale);
  return full.endsWith(time) ? [full.slice(0, full.length - time.length), time] : ['', full];
}
