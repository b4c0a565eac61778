/**
 * The one time style for people (issue 34 point 4): the console, the embedded checkout and the HTML reports
 * all write a moment with it, so one instant reads the same everywhere. It is the locale's medium date and
 * time to the second (`4 Dec 2026, 23:47:53` in en-GB, `Dec 4, 2026, 11:47:53 PM` in en-US); the shorter
 * forms are that same style with parts left out, and milliseconds (for the exchange log only, where two
 * calls a few ms apart must be told apart) are added after the seconds. The ISO value stays one hover away
 * (a `title` or `<time datetime>`), never the text.
 */

/** Which parts of the moment to show: all, the time of day, the date, or date and time without the year. */
export type TimePart = 'datetime' | 'time' | 'date' | 'no-year';

export interface TimeFormatOptions {
  part?: TimePart;
  /** Milliseconds after the seconds: for the exchange log only. */
  ms?: boolean;
  /** An IANA zone; the runtime's own (the browser's, the machine's) when left out. */
  timeZone?: string;
}

const STYLES: Record<TimePart, Intl.DateTimeFormatOptions> = {
  datetime: { dateStyle: 'medium', timeStyle: 'medium' },
  'no-year': { dateStyle: 'medium', timeStyle: 'medium' },
  time: { timeStyle: 'medium' },
  date: { dateStyle: 'medium' },
};

// Building an Intl.DateTimeFormat is far dearer than using one, and tables format a moment per row.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: string, part: TimePart, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${locale}|${part}|${timeZone ?? ''}`;
  let f = formatters.get(key);
  if (!f) {
    const options = { ...STYLES[part], ...(timeZone ? { timeZone } : {}) };
    try {
      f = new Intl.DateTimeFormat(locale, options);
    } catch {
      // A locale tag (or zone) the runtime rejects: its default locale rather than a broken page.
      f = new Intl.DateTimeFormat(undefined, STYLES[part]);
    }
    formatters.set(key, f);
  }
  return f;
}

const decimals = new Map<string, string>();

/** The locale's decimal separator, which the milliseconds follow the seconds with (`,` in sv-SE). */
function decimalOf(locale: string): string {
  let d = decimals.get(locale);
  if (d === undefined) {
    try {
      d = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
    } catch {
      d = '.';
    }
    decimals.set(locale, d);
  }
  return d;
}

/**
 * A moment (ISO 8601) as people read it in `locale`. An unparseable value is shown as it is.
 * @example formatTimeIn('2026-12-04T23:47:53.042Z', 'en-GB', { timeZone: 'UTC' }) // '4 Dec 2026, 23:47:53'
 * @example formatTimeIn('2026-12-04T23:47:53.042Z', 'en-GB', { ms: true, part: 'time', timeZone: 'UTC' }) // '23:47:53.042'
 */
export function formatTimeIn(iso: string, locale: string, o: TimeFormatOptions = {}): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const part = o.part ?? 'datetime';
  const parts = formatter(locale, part, o.timeZone).formatToParts(d);
  const shown = part === 'no-year' ? withoutYear(parts) : parts;
  const ms = o.ms ? `${decimalOf(locale)}${String(d.getMilliseconds()).padStart(3, '0')}` : '';
  return shown.map((p) => (p.type === 'second' ? p.value + ms : p.value)).join('');
}

/** The parts without the year and the separator before it (`4 Dec, 23:47:53`, `Dec 4, 11:47:53 PM`). */
function withoutYear(parts: Intl.DateTimeFormatPart[]): Intl.DateTimeFormatPart[] {
  const i = parts.findIndex((p) => p.type === 'year');
  if (i < 0) return parts;
  // The separator before the year goes, unless the year leads (then the one after it goes).
  const cut = i > 0 && parts[i - 1]!.type === 'literal' ? [i - 1, i] : [i, i + 1];
  return parts.filter((_, j) => !cut.includes(j));
}
