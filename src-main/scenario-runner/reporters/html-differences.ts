import type { ScenarioReport, ScenarioResult } from '@shared/schemas/scenario-report.schema';
import { esc } from './html-escape';
import { reportTime } from './html-time';

/*
 * The HTML report's parts of a comparison (--compare): what the run was compared with, each scenario's
 * differences in a list, and each exchange's own beside it in the exchanges table.
 */

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** The header's line: compared with which report, and how many differences (or the same). */
export function comparisonHeader(r: ScenarioReport): string {
  const c = r.comparison;
  if (!c) return '';
  const verdict = c.differences
    ? `<b class="differs">${plural(c.differences, 'difference')}</b> in ${plural(c.scenarios_differing, 'scenario')}`
    : 'the merchant did the same';
  const only = c.only_in_earlier.length
    ? `<ul class="differences" data-testid="only-in-earlier">${c.only_in_earlier
        .map((o) => `<li>only in the earlier report: ${esc(o.name)} <code>${esc(o.file)}</code></li>`)
        .join('')}</ul>`
    : '';
  const ignored = c.ignored.length
    ? ` · not compared: ${c.ignored.map((p) => `<code>${esc(p)}</code>`).join(', ')}`
    : '';
  return `<p class="meta" data-testid="comparison">compared with <code>${esc(c.earlier)}</code> (run ${reportTime(c.earlier_started_at)}): ${verdict}${ignored}</p>${only}`;
}

/** A scenario's differences, each linked to the exchange it concerns in this run. */
export function differencesList(s: ScenarioResult, link: (exchangeId: string) => string): string {
  const d = s.differences;
  if (!d) return '';
  if (!d.length)
    return '<h3>Differences from the earlier run</h3><p class="muted" data-testid="differences">None: the merchant did the same.</p>';
  const items = d
    .map(
      (x) =>
        `<li data-testid="difference"><span class="mark">≠</span> ${esc(x.text)}${x.exchange_id ? ` ${link(x.exchange_id)}` : ''}</li>`,
    )
    .join('');
  return `<h3>Differences from the earlier run <span class="muted">(${d.length})</span></h3><ul class="differences" data-testid="differences">${items}</ul>`;
}

/** The differences of one exchange, under its request in the exchanges table. */
export function exchangeDifferences(s: ScenarioResult, exchangeId: string): string {
  const own = (s.differences ?? []).filter((d) => d.exchange_id === exchangeId);
  if (!own.length) return '';
  return `<ul class="differences" data-testid="exchange-differences">${own
    .map((d) => `<li>≠ ${esc(d.text)}</li>`)
    .join('')}</ul>`;
}
