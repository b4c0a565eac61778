import { formatDuration } from '@shared/rules/duration';
import type { Exchange } from '@shared/schemas/exchange.schema';
import type { PushTimeline } from '@shared/schemas/push.schema';
import type { ScenarioReport, ScenarioResult } from '@shared/schemas/scenario-report.schema';
import { comparisonHeader, differencesList, exchangeDifferences } from './html-differences';
import { esc } from './html-escape';
import { reportTime, reportTimeText } from './html-time';
import { HTML_STYLE } from './html-style';

const rel = (from: string | null, at: string) =>
  from ? `+${formatDuration(Math.max(0, Date.parse(at) - Date.parse(from)))}` : reportTimeText(at);

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
/** What a list cut at `shown` left out: ` +8 more`, or nothing. */
const more = (n: number, shown: number) =>
  n > shown ? ` <span class="muted" data-testid="more">+${n - shown} more</span>` : '';

/**
 * The HTML reporter: one self-contained page (no script, no external file) with each scenario's
 * expectations, steps, push timeline and exchanges. Exchange ids link into the simulator's log when its
 * console is still there (`--api`), else to the exchange's row in the page.
 */
export function htmlReport(r: ScenarioReport): string {
  const t = r.totals;
  const status = r.passed ? 'passed' : 'failed';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>Scenarios ${status} · Checkout Simulator</title>
<style>${HTML_STYLE}</style>
</head>
<body>
<header class="top">
  <h1>Scenarios <span class="badge ${r.passed ? 'pass' : 'fail'}" data-testid="report-status">${status}</span></h1>
  <p class="meta">${plural(t.scenarios, 'scenario')} (${t.scenarios - t.scenarios_failed} passed, ${t.scenarios_failed} failed) ·
    ${plural(t.expectations, 'expectation')} (${t.expectations - t.expectations_failed} met, ${t.expectations_failed} not met) ·
    ${esc(formatDuration(r.duration_ms))} · started ${reportTime(r.started_at)}</p>
  <p class="meta">simulator <code>${esc(r.api)}</code> · merchant <code>${esc(r.merchant_url)}</code></p>
  ${comparisonHeader(r)}
  <nav class="toc">${r.scenarios
    .map(
      (s, i) =>
        `<a href="#s${i + 1}" class="${s.passed ? 'pass' : 'fail'}">${s.passed ? '✓' : '✗'} ${esc(s.name)}</a>`,
    )
    .join('')}</nav>
</header>
<main>
${r.scenarios.map((s, i) => scenarioSection(s, i + 1, r.console_url)).join('\n')}
</main>
</body>
</html>
`;
}

function exchangeLink(id: string, s: ScenarioResult, consoleUrl: string | null): string {
  const href = consoleUrl
    ? `${consoleUrl}/#/log?${new URLSearchParams({ order: s.order_id ?? '', exchange: id }).toString()}`
    : `#x-${id}`;
  const label = s.exchanges.find((x) => x.id === id)?.kind ?? id.slice(0, 8);
  return `<a class="xlink" href="${esc(href)}">${esc(label)}</a>`;
}

function scenarioSection(s: ScenarioResult, n: number, consoleUrl: string | null): string {
  // An in-person session's page is its detail on the Terminals page.
  const page = (id: string) =>
    s.subject === 'session'
      ? `#/terminals?${new URLSearchParams({ session: id }).toString()}`
      : `#/orders/${encodeURIComponent(id)}`;
  const order = s.order_id
    ? consoleUrl
      ? `<a href="${esc(`${consoleUrl}/${page(s.order_id)}`)}"><code>${esc(s.order_id)}</code></a>`
      : `<code>${esc(s.order_id)}</code>`
    : '—';
  const expectations = s.expectations
    .map(
      (e) => `<li class="${e.passed ? 'pass' : 'fail'}" data-testid="expectation">
  <span class="mark">${e.passed ? '✓' : '✗'}</span>
  <div><div class="etext">${esc(e.text)}</div>
  ${e.passed ? `<div class="seen">${esc(e.seen)}</div>` : `<div class="seen"><b>expected</b> ${esc(e.expected)}</div><div class="seen"><b>seen</b> ${esc(e.seen)}</div>`}
  ${
    e.exchange_ids.length
      ? `<div class="xs">${e.exchange_ids
          .slice(0, 8)
          .map((id) => exchangeLink(id, s, consoleUrl))
          .join(' ')}${more(e.exchange_ids.length, 8)}</div>`
      : ''
  }</div>
</li>`,
    )
    .join('\n');
  return `<section class="scenario ${s.passed ? 'pass' : 'fail'}" id="s${n}" data-testid="scenario">
<h2><span class="badge ${s.passed ? 'pass' : 'fail'}">${s.passed ? 'passed' : 'failed'}</span> ${esc(s.name)}</h2>
<p class="meta"><code>${esc(s.file)}</code> · ${s.subject ?? 'order'} ${order} · ${esc(formatDuration(s.duration_ms))}</p>
${s.error ? `<p class="error" data-testid="scenario-error">${esc(s.error)}</p>` : ''}
<h3>Expectations</h3>
<ul class="expectations">${expectations || '<li>none judged</li>'}</ul>
${differencesList(s, (id) => exchangeLink(id, s, consoleUrl))}
${stepsTable(s)}
${s.push ? pushTimeline(s.push, s.clock_started_at) : '<h3>Push</h3><p class="muted">The order did not complete: no push.</p>'}
${exchangesTable(s)}
</section>`;
}

function stepsTable(s: ScenarioResult): string {
  if (!s.steps.length) return '';
  const rows = s.steps
    .map(
      (st) => `<tr><td class="num">${esc(rel(s.clock_started_at, st.at))}</td><td>${esc(st.text)}</td>
<td><span class="pill">${esc(st.outcome)}</span></td><td>${esc(st.message)}</td></tr>`,
    )
    .join('');
  return `<h3>Steps</h3><table class="steps"><thead><tr><th>clock</th><th>step</th><th>outcome</th><th>what happened</th></tr></thead><tbody>${rows}</tbody></table>`;
}

/** The push timeline: the plan as ticks on a line, each attempt a dot coloured by outcome, the acknowledgement a flag. */
function pushTimeline(p: PushTimeline, clockStart: string | null): string {
  const first = p.first_attempt_at ? Date.parse(p.first_attempt_at) : Date.parse(p.completed_at);
  const endOf = (iso: string | null) => (iso ? Date.parse(iso) : first);
  const span = Math.max(
    ...[p.now, p.acknowledged_at, ...p.attempts.map((a) => a.sent_at)].map(endOf),
    first + 1,
  );
  const start = Math.min(Date.parse(p.completed_at), first);
  const pos = (t: number) => `${(((t - start) / (span - start)) * 100).toFixed(2)}%`;
  const planned = p.planned
    .filter((pl) => Date.parse(pl.due_at) <= span)
    .map(
      (pl) =>
        `<i class="tick ${pl.state}" style="left:${pos(Date.parse(pl.due_at))}" title="attempt ${pl.number} ${pl.state}"></i>`,
    )
    .join('');
  const dots = p.attempts
    .map(
      (a) =>
        `<i class="dot ${a.outcome}" style="left:${pos(Date.parse(a.sent_at))}" title="attempt ${a.number}: ${esc(a.status ?? a.outcome)}"></i>`,
    )
    .join('');
  const ack = p.acknowledged_at
    ? `<i class="ack" style="left:${pos(Date.parse(p.acknowledged_at))}" title="acknowledged"></i>`
    : '';
  const rows = p.attempts
    .map(
      (a) => `<tr><td class="num">${a.number}</td><td class="num">${esc(rel(clockStart, a.sent_at))}</td>
<td class="num">${esc(a.status ?? '—')}</td><td><span class="pill ${a.outcome}">${esc(a.outcome)}</span></td>
<td>${esc((a.faults ?? []).join(', ') || '')}</td></tr>`,
    )
    .join('');
  const summary = p.acknowledged_at
    ? `acknowledged at ${esc(rel(clockStart, p.acknowledged_at))}`
    : p.next_attempt_at
      ? `not acknowledged; next attempt at ${esc(rel(clockStart, p.next_attempt_at))}`
      : 'not acknowledged';
  return `<h3>Push</h3>
<p class="meta">completed at ${esc(rel(clockStart, p.completed_at))} · ${plural(p.attempts.length, 'attempt')} · ${summary}${p.arrival ? ` · arrival ${esc(p.arrival.mode)}` : ''}</p>
<div class="track" data-testid="push-timeline" aria-label="push timeline"><i class="done" style="left:${pos(Date.parse(p.completed_at))}" title="completed"></i>${planned}${dots}${ack}</div>
<div class="axis"><span>${esc(rel(clockStart, new Date(start).toISOString()))}</span><span>${esc(rel(clockStart, new Date(span).toISOString()))}</span></div>
<div class="legend"><span><i class="dot delivered"></i>delivered</span><span><i class="dot bad_status"></i>bad status / no answer</span><span><i class="ack"></i>acknowledged</span><span><i class="tick pending"></i>planned</span></div>
${rows ? `<table class="attempts"><thead><tr><th>#</th><th>clock</th><th>status</th><th>outcome</th><th>faults</th></tr></thead><tbody>${rows}</tbody></table>` : ''}`;
}

const body = (b: string | null) => {
  if (b === null || b === '') return '<span class="muted">(no body)</span>';
  try {
    return `<pre>${esc(JSON.stringify(JSON.parse(b), null, 2).slice(0, 20_000))}</pre>`;
  } catch {
    return `<pre>${esc(b.slice(0, 20_000))}</pre>`;
  }
};

const headers = (h: Record<string, string>) =>
  `<pre class="h">${esc(
    Object.entries(h)
      .map(([k, v]) => `${k}: ${v}`)
      .join('\n'),
  )}</pre>`;

function exchangeRow(x: Exchange, s: ScenarioResult): string {
  const clockStart = s.clock_started_at;
  const dir = x.direction === 'out' ? '→ merchant' : '← merchant';
  const violations = x.violations.length
    ? `<ul class="violations">${x.violations.map((v) => `<li>${esc(v.path)}: ${esc(v.message)} <span class="muted">[${esc(v.rule)}]</span></li>`).join('')}</ul>`
    : '';
  const differs = s.differences?.some((d) => d.exchange_id === x.id);
  return `<tr id="x-${esc(x.id)}" class="${[x.violations.length ? 'warn' : '', differs ? 'differs' : ''].join(' ').trim()}">
<td class="num">${esc(rel(clockStart, x.at))}</td><td class="num">${dir}</td><td><b>${esc(x.kind)}</b>${x.fault ? ` <span class="pill fault">${esc(x.fault)}</span>` : ''}</td>
<td><details><summary><code>${esc(x.method)} ${esc(x.url)}</code></summary>
<div class="msg"><h4>Request</h4>${headers(x.request.headers)}${body(x.request.body)}<h4>Response</h4>${headers(x.response.headers)}${body(x.response.body)}</div></details>${violations}${exchangeDifferences(s, x.id)}</td>
<td class="num">${esc(x.status ?? '—')}</td><td class="num">${esc(formatDuration(x.duration_ms))}</td><td>${esc(x.outcome ?? '')}</td></tr>`;
}

function exchangesTable(s: ScenarioResult): string {
  if (!s.exchanges.length) return '<h3>Exchanges</h3><p class="muted">None recorded.</p>';
  return `<h3>Exchanges <span class="muted">(${s.exchanges.length})</span></h3>
<table class="exchanges" data-testid="exchanges"><thead><tr><th>clock</th><th></th><th>kind</th><th>request</th><th>status</th><th>took</th><th>outcome</th></tr></thead>
<tbody>${s.exchanges.map((x) => exchangeRow(x, s)).join('\n')}</tbody></table>`;
}
