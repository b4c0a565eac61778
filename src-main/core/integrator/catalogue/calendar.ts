import type { CountryInfo } from './countries';

/** A calendar day in a country's local time (standard offset), as a UTC-midnight timestamp. */
export type LocalDay = number;

const DAY_MS = 86_400_000;

/** The local calendar day of `nowMs` in a country. */
export function localDay(nowMs: number, country: CountryInfo): LocalDay {
  const local = nowMs + country.utcOffsetH * 3_600_000;
  return local - (((local % DAY_MS) + DAY_MS) % DAY_MS);
}

/** Local minutes past midnight of `nowMs` in a country. */
export function localMinutes(nowMs: number, country: CountryInfo): number {
  return Math.floor((nowMs + country.utcOffsetH * 3_600_000 - localDay(nowMs, country)) / 60_000);
}

export const addDays = (day: LocalDay, n: number): LocalDay => day + n * DAY_MS;
export const isoDate = (day: LocalDay): string => new Date(day).toISOString().slice(0, 10);
const monthDay = (day: LocalDay): string => isoDate(day).slice(5);

/** 0 = Sunday … 6 = Saturday. */
export const weekday = (day: LocalDay): number => new Date(day).getUTCDay();

export function isWorkingDay(day: LocalDay, country: CountryInfo): boolean {
  const dow = weekday(day);
  return dow !== 0 && dow !== 6 && !country.holidays.includes(monthDay(day));
}

/** The `n`th working day after `day` (n ≥ 1). */
export function workingDayAfter(day: LocalDay, country: CountryInfo, n: number): LocalDay {
  let d = day;
  for (let left = n; left > 0;) {
    d = addDays(d, 1);
    if (isWorkingDay(d, country)) left--;
  }
  return d;
}

export const minutesOf = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** An ISO 8601 UTC date-time for a local time on a local day (spec § Delivery time: UTC is converted). */
export function atLocal(day: LocalDay, hhmm: string, country: CountryInfo): string {
  const ms = day + minutesOf(hhmm) * 60_000 - country.utcOffsetH * 3_600_000;
  return new Date(ms).toISOString().replace('.000Z', 'Z');
}

/** Holidays and short days within the next `days` days, as ISO date → kind. */
export function upcomingSpecialDays(
  today: LocalDay,
  country: CountryInfo,
  days: number,
): { date: string; kind: 'closed' | 'short' }[] {
  const out: { date: string; kind: 'closed' | 'short' }[] = [];
  for (let i = 0; i <= days; i++) {
    const d = addDays(today, i);
    const md = monthDay(d);
    if (country.holidays.includes(md)) out.push({ date: isoDate(d), kind: 'closed' });
    else if (country.shortDays.includes(md)) out.push({ date: isoDate(d), kind: 'short' });
  }
  return out;
}
