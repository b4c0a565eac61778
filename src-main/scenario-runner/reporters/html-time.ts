import { formatTimeIn } from '@shared/rules/time-format';
import { esc } from './html-escape';

/**
 * The HTML report's moments in the console's one style (shared/rules/time-format.ts, issue 34 point 4):
 * the locale and time zone of the machine that wrote the report, as the console uses the browser's. The
 * ISO value is a hover away (`title`) and in `datetime`, for a script.
 */
export function reportLocale(): string {
  return Intl.DateTimeFormat().resolvedOptions().locale;
}

/** A moment as text, to the second: `4 Dec 2026, 23:47:53` (en-GB). */
export function reportTimeText(iso: string, locale: string = reportLocale()): string {
  return formatTimeIn(iso, locale);
}

/** A moment as markup: `<time datetime="…" title="…">4 Dec 2026, 23:47:53</time>`. */
export function reportTime(iso: string, locale: string = reportLocale()): string {
  return `<time datetime="${esc(iso)}" title="${esc(iso)}">${esc(reportTimeText(iso, locale))}</time>`;
}
