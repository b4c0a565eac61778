import { browserLocale } from './locale';

const pad = (n: number, width = 2) => n.toString().padStart(width, '0');

/**
 * Local date and time as `2025-11-21 15:41:03`: unambiguous and sortable, for timestamps shown as data (the
 * log's rows and exchange detail, through formatDateTimeMs). A date shown to a person uses formatWhen.
 */
export function formatDateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${formatClock(d)}`;
}

/** Local date and time with milliseconds, for log rows: `2025-11-21 15:41:03.042`. */
export function formatDateTimeMs(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${formatDateTime(iso)}.${pad(d.getMilliseconds(), 3)}`;
}

/** Local time of day with milliseconds: `15:41:03.042`. */
export function formatTimeMs(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${formatClock(d)}.${pad(d.getMilliseconds(), 3)}`;
}

function formatClock(d: Date): string {
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** A duration in ms for log rows: `12 ms`, `1.25 s`. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)}\u00a0ms`;
  return `${(ms / 1000).toFixed(2)}\u00a0s`;
}

/*
 * Dates and times shown to a person, in the browser's locale (issue 24 point 6): `26 Nov 2026, 16:19:49` in
 * en-GB, `Nov 26, 2026, 4:19:49 PM` in en-US. Seconds stay: the simulator clock moves in steps a developer
 * compares. An unparseable value is shown as it is, like the ISO-like formatters above.
 */
const WHEN: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'medium' };
/** Without the year, for a label where space is short and the year is the current one's neighbour. */
const WHEN_NO_YEAR: Intl.DateTimeFormatOptions = {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
};
const DAY: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };
const CLOCK: Intl.DateTimeFormatOptions = { timeStyle: 'medium' };

// Building an Intl.DateTimeFormat is far dearer than using one, and tables format a date per row.
const formatters = new Map<string, Intl.DateTimeFormat>();

function localDate(iso: string, options: Intl.DateTimeFormatOptions, locale: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat(locale, options);
    } catch {
      // A locale tag the runtime rejects: the runtime's default locale rather than a broken page.
      f = new Intl.DateTimeFormat(undefined, options);
    }
    formatters.set(key, f);
  }
  return f.format(d);
}

/** Date and time to the second, for a person: `26 Nov 2026, 16:19:49` (en-GB). */
export function formatWhen(iso: string, locale: string = browserLocale()): string {
  return localDate(iso, WHEN, locale);
}

/** Day, month and time without the year: `26 Nov, 16:19:49` (en-GB). */
export function formatWhenNoYear(iso: string, locale: string = browserLocale()): string {
  return localDate(iso, WHEN_NO_YEAR, locale);
}

/** The date alone: `26 Nov 2026` (en-GB). */
export function formatDay(iso: string, locale: string = browserLocale()): string {
  return localDate(iso, DAY, locale);
}

/** Time of day to the second: `16:19:49` (en-GB), `4:19:49 PM` (en-US). */
export function formatClockTime(iso: string, locale: string = browserLocale()): string {
  return localDate(iso, CLOCK, locale);
}
