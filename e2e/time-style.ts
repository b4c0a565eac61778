import { type Locator } from '@playwright/test';

/*
 * One time style in the console (issue 34 point 4, shared/rules/time-format.ts): every moment a person reads
 * is the locale's medium date and time (en-GB, as the Playwright config pins: `5 Dec 2026, 04:28:15`) or a
 * piece of it, with milliseconds only in the exchange log. This finds the moments written any other way
 * (`2026-12-05 04:28:15`, ISO, `Dec 5, 2026 4:28:15 AM`) in what `root` shows. Raw data (request and
 * answer bodies in <pre> or <code>, the headers table with its HTTP Date) is the value itself, not a time the
 * console wrote: skipped.
 */

/** The moments in `root` not in the one style; `ms` allows milliseconds (the exchange log). */
export function timesOutOfStyle(root: Locator, o: { ms: boolean }): Promise<string[]> {
  return root.evaluate((el, ms) => {
    const copy = el.cloneNode(true) as Element;
    for (const raw of copy.querySelectorAll('pre, code, textarea, script, style, table.headers'))
      raw.remove();
    // Block boundaries as line breaks, so two cells never read as one moment.
    for (const cell of copy.querySelectorAll('td, th, li, p, div, dd, dt, h1, h2, h3, tr'))
      cell.append(document.createTextNode('\n'));
    const text = (copy.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ');
    // Anything that looks like a moment: an optional date in any of the known spellings, then h:mm:ss.
    const moment =
      /(\d{4}-\d{2}-\d{2}[T ]|(?:[A-Z][a-z]{2} \d{1,2}, \d{4},? )|\d{1,2} [A-Z][a-z]{2}(?: \d{4})?,? )?\d{1,2}:\d{2}:\d{2}(?:[.,]\d+)?Z?(?: ?[AP]M)?/g;
    const oneStyle = ms
      ? /^(?:\d{1,2} [A-Z][a-z]{2}(?: \d{4})?, )?\d{2}:\d{2}:\d{2}(?:\.\d{3})?$/
      : /^(?:\d{1,2} [A-Z][a-z]{2}(?: \d{4})?, )?\d{2}:\d{2}:\d{2}$/;
    return [...text.matchAll(moment)].map((m) => m[0]).filter((t) => !oneStyle.test(t));
  }, o.ms);
}
