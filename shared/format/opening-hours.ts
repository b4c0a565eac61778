import type { OperationalHours, Period, WeekdayKey } from '../schemas/integrator.schema';

/*
 * A location's operational_hours in words (spec § Location): `default` periods, overridden per weekday and per
 * date; `{always_open: true}` is open around the clock; an empty list is closed. Only overrides may be given
 * without a default, and then the other days have no known hours.
 */

/**
 * The schema's WEEKDAY_KEYS, Monday first. Not imported from the schema: that module's zod schemas would come
 * with it into the embedded checkout's bundle (the test checks the two lists agree).
 */
export const WEEKDAYS: readonly WeekdayKey[] = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

const DAY_LABELS: Record<WeekdayKey, string> = {
  mon: 'Mon',
  tue: 'Tue',
  wed: 'Wed',
  thu: 'Thu',
  fri: 'Fri',
  sat: 'Sat',
  sun: 'Sun',
};

export const ALWAYS_OPEN = 'Open 24 hours';
export const CLOSED = 'Closed';
export const UNKNOWN = 'Hours not given';

/** `09:00–18:00`, several periods joined with commas; undefined periods are unknown hours. */
export function periodsText(periods: readonly Period[] | undefined): string {
  if (periods === undefined) return UNKNOWN;
  if (periods.length === 0) return CLOSED;
  if (periods.some((p) => 'always_open' in p)) return ALWAYS_OPEN;
  return periods.map((p) => ('open' in p ? `${p.open}–${p.close}` : '')).join(', ');
}

export interface DayHours {
  day: WeekdayKey;
  label: string;
  text: string;
}

/** Each weekday, Monday first, with its hours: the weekday override when there is one, else the default. */
export function weekHours(h: OperationalHours): DayHours[] {
  return WEEKDAYS.map((day) => ({
    day,
    label: DAY_LABELS[day],
    text: periodsText(h.overrides?.weekday?.[day] ?? h.default),
  }));
}

export interface HoursRow {
  /** `Mon–Fri`, `Sat`, `Every day` */
  label: string;
  text: string;
}

/** The week with consecutive days of the same hours merged: `Mon–Wed 09:00–18:00`, `Thu 09:00–21:00`, … */
export function weekRows(h: OperationalHours): HoursRow[] {
  const days = weekHours(h);
  const rows: Array<{ from: DayHours; to: DayHours }> = [];
  for (const d of days) {
    const last = rows[rows.length - 1];
    if (last && last.to.text === d.text) last.to = d;
    else rows.push({ from: d, to: d });
  }
  if (rows.length === 1) return [{ label: 'Every day', text: rows[0]!.from.text }];
  return rows.map(({ from, to }) => ({
    label: from === to ? from.label : `${from.label}–${to.label}`,
    text: from.text,
  }));
}

/** `2026-12-24` → `Thu 24 Dec` (the date is a calendar date: no time zone applies). */
export function dateLabel(isoDate: string): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return isoDate;
  const weekday = DAY_LABELS[WEEKDAYS[(d.getUTCDay() + 6) % 7]!];
  const month = d.toLocaleString('en-GB', { month: 'short', timeZone: 'UTC' });
  return `${weekday} ${d.getUTCDate()} ${month}`;
}

/** The date overrides (holidays, short days), oldest first, from `fromDate` (YYYY-MM-DD) on when given. */
export function dateRows(h: OperationalHours, fromDate?: string): HoursRow[] {
  return Object.entries(h.overrides?.date ?? {})
    .filter(([date]) => fromDate === undefined || date >= fromDate)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([date, periods]) => ({ label: dateLabel(date), text: periodsText(periods) }));
}

/** One line for a list row: `Open 24 hours`, or today's weekday hours when known. */
export function hoursSummary(h: OperationalHours | undefined): string {
  if (!h) return UNKNOWN;
  const rows = weekRows(h);
  if (rows.length === 1) return rows[0]!.label === 'Every day' ? everyDay(rows[0]!.text) : rows[0]!.text;
  return rows.map((r) => `${r.label} ${r.text}`).join(' · ');
}

function everyDay(text: string): string {
  return text === ALWAYS_OPEN || text === CLOSED || text === UNKNOWN ? text : `Every day ${text}`;
}
