// The HTML report's parts, each as exact markup: the header's counts, each scenario's expectations and
// links, the steps' clock, the push timeline's positions and table, and each exchange's row (direction,
// fault, bodies, headers, violations). A wrong count, class or position fails here.
import { describe, expect, it } from 'vitest';
import type { ScenarioReport, ScenarioResult } from '@shared/schemas/scenario-report.schema';
import { at, exchange, push, report, scenario } from '../compare/test-kit/reports';
import { htmlReport } from './html';
import { reportTimeText } from './html-time';

const pushed = () => {
  const p = push({
    attempts: [
      { ms: 120_000, status: 500 },
      { ms: 300_000, status: 200 },
    ],
    ackMs: 360_000,
  });
  p.planned = [
    { number: 1, due_at: at(120_000), state: 'sent' },
    { number: 3, due_at: at(10_000_000), state: 'pending' },
  ] as never;
  p.attempts[0]!.faults = ['duplicate_push', 'late_push'] as never;
  return p;
};
const x1 = exchange({
  kind: 'push',
  fault: 'late_push',
  at: at(120_000),
  violations: [{ rule: 'r<1>', path: 'p', message: 'm&' }],
  request: { headers: { 'content-type': 'application/json', 'x-b': '2' }, body: '{"a":1}' },
  response: { headers: {}, body: 'plain <b>' },
});
const x2 = exchange({
  kind: 'checkout.read',
  direction: 'in',
  status: null,
  outcome: null,
  at: at(1500),
  request: { headers: {}, body: null },
  response: { headers: {}, body: '' },
});
const failing = (over: Partial<ScenarioResult> = {}) =>
  scenario({
    passed: false,
    error: 'boom <x>',
    push: pushed(),
    exchanges: [x1, x2],
    steps: [
      {
        text: 'advance 2 min',
        at: at(120_000),
        outcome: '1 fired',
        message: 'Fired <push>.',
        exchange_ids: [],
      },
    ],
    expectations: [
      { text: 'ok', passed: true, expected: 'e', seen: 's', exchange_ids: [x1.id] },
      { text: 'bad', passed: false, expected: 'E', seen: 'S', exchange_ids: ['zzzzzzzzzz12'] },
    ],
    ...over,
  });
const second = scenario({ name: 'Second', subject: 'session', order_id: 's 1' });
const twoOf = (over: Partial<ScenarioReport> = {}) =>
  report([failing(), second], {
    totals: { scenarios: 2, scenarios_failed: 1, expectations: 3, expectations_failed: 1 },
    passed: false,
    duration_ms: 61_000,
    ...over,
  });

describe('the header', () => {
  it('says the status, the counts, the time taken and where the run went', () => {
    const html = htmlReport(twoOf());
    expect(html).toContain('<title>Scenarios failed · Checkout Simulator</title>');
    expect(html).toContain(
      '<h1>Scenarios <span class="badge fail" data-testid="report-status">failed</span></h1>',
    );
    expect(html).toContain(
      '<p class="meta">2 scenarios (1 passed, 1 failed) ·\n    3 expectations (2 met, 1 not met) ·\n    1 min 1 s · started <time',
    );
    expect(html).toContain(
      '<p class="meta">simulator <code>http://127.0.0.1:1</code> · merchant <code>http://127.0.0.1:2</code></p>',
    );
    expect(html).toContain(
      '<nav class="toc"><a href="#s1" class="fail">✗ Push acknowledged</a><a href="#s2" class="pass">✓ Second</a></nav>',
    );
    expect(html).toContain('<style>\n:root {');
    const ok = htmlReport(report([second]));
    expect(ok).toContain('<title>Scenarios passed · Checkout Simulator</title>');
    expect(ok).toContain('<span class="badge pass" data-testid="report-status">passed</span>');
  });
});

describe('a scenario', () => {
  it('heads its section with its verdict, file, order (linked to the console) and error', () => {
    const html = htmlReport({ ...twoOf(), console_url: 'http://c:1' });
    expect(html).toContain(
      '<section class="scenario fail" id="s1" data-testid="scenario">\n<h2><span class="badge fail">failed</span> Push acknowledged</h2>\n' +
        '<p class="meta"><code>scenarios/push.yaml</code> · order <a href="http://c:1/#/orders/o-1"><code>o-1</code></a> · 10 ms</p>\n' +
        '<p class="error" data-testid="scenario-error">boom &lt;x&gt;</p>',
    );
    expect(html).toContain(
      '<section class="scenario pass" id="s2" data-testid="scenario">\n<h2><span class="badge pass">passed</span> Second</h2>\n' +
        '<p class="meta"><code>scenarios/push.yaml</code> · session <a href="http://c:1/#/terminals?session=s+1"><code>s 1</code></a> · 10 ms</p>\n\n',
    );
    const offline = htmlReport(twoOf());
    expect(offline).toContain('· order <code>o-1</code> · 10 ms');
    expect(htmlReport(report([scenario({ order_id: null })]))).toContain('· order — · 10 ms');
  });

  it('lists its expectations: seen when met, expected and seen when not, with links to their exchanges', () => {
    const html = htmlReport({ ...twoOf(), console_url: 'http://c:1' });
    expect(html).toContain(
      [
        '<ul class="expectations"><li class="pass" data-testid="expectation">',
        '  <span class="mark">✓</span>',
        '  <div><div class="etext">ok</div>',
        '  <div class="seen">s</div>',
        '  <div class="xs"><a class="xlink" href="http://c:1/#/log?order=o-1&amp;exchange=ex_1">push</a></div></div>',
        '</li>',
        '<li class="fail" data-testid="expectation">',
        '  <span class="mark">✗</span>',
        '  <div><div class="etext">bad</div>',
        '  <div class="seen"><b>expected</b> E</div><div class="seen"><b>seen</b> S</div>',
        '  <div class="xs"><a class="xlink" href="http://c:1/#/log?order=o-1&amp;exchange=zzzzzzzzzz12">zzzzzzzz</a></div></div>',
        '</li></ul>',
      ].join('\n'),
    );
    expect(htmlReport(twoOf())).toContain('<a class="xlink" href="#x-ex_1">push</a>');
    expect(htmlReport(report([scenario({ order_id: null })]))).toContain(
      '<ul class="expectations"><li>none judged</li></ul>',
    );
    const bare = htmlReport(
      report([
        scenario({ expectations: [{ text: 't', passed: true, expected: 'e', seen: 's', exchange_ids: [] }] }),
      ]),
    );
    expect(bare).toContain('<div class="seen">s</div>\n  </div>\n</li>');
  });

  it.each([
    [8, ''],
    [11, ' <span class="muted" data-testid="more">+3 more</span>'],
  ])('links an expectation’s first 8 exchanges and counts the rest (%i)', (n, rest) => {
    const ids = Array.from({ length: n }, (_, i) => `id${i}`);
    const e = { text: 't', passed: true, expected: 'e', seen: 's', exchange_ids: ids };
    const html = htmlReport(report([scenario({ expectations: [e] })]));
    const links = ids.slice(0, 8).map((id) => `<a class="xlink" href="#x-${id}">${id}</a>`);
    expect(html).toContain(`<div class="xs">${links.join(' ')}${rest}</div>`);
  });

  it('shows the steps on the scenario’s clock, relative to its start', () => {
    const html = htmlReport(twoOf());
    expect(html).toContain(
      '<h3>Steps</h3><table class="steps"><thead><tr><th>clock</th><th>step</th><th>outcome</th><th>what happened</th></tr></thead>' +
        '<tbody><tr><td class="num">+2 min</td><td>advance 2 min</td>\n<td><span class="pill">1 fired</span></td><td>Fired &lt;push&gt;.</td></tr></tbody></table>',
    );
    // Before the clock's start (a step read a moment early) is +0, not negative.
    const early = failing({
      steps: [{ text: 's', at: at(-5000), outcome: 'o', message: 'm', exchange_ids: [] }],
    });
    expect(htmlReport(report([early]))).toContain('<tr><td class="num">+0 ms</td><td>s</td>');
    expect(htmlReport(report([second]))).not.toContain('<h3>Steps</h3>');
  });
});

describe('the push timeline', () => {
  it('places completion, planned attempts, attempts and the acknowledgement along the span', () => {
    const html = htmlReport(twoOf());
    expect(html).toContain(
      '<h3>Push</h3>\n<p class="meta">completed at +0 ms · 2 attempts · acknowledged at +6 min</p>\n' +
        '<div class="track" data-testid="push-timeline" aria-label="push timeline">' +
        '<i class="done" style="left:0.00%" title="completed"></i>' +
        '<i class="tick sent" style="left:20.00%" title="attempt 1 sent"></i>' +
        '<i class="dot bad_status" style="left:20.00%" title="attempt 1: 500"></i>' +
        '<i class="dot delivered" style="left:50.00%" title="attempt 2: 200"></i>' +
        '<i class="ack" style="left:60.00%" title="acknowledged"></i></div>\n' +
        '<div class="axis"><span>+0 ms</span><span>+10 min</span></div>',
    );
    expect(html).toContain(
      '<table class="attempts"><thead><tr><th>#</th><th>clock</th><th>status</th><th>outcome</th><th>faults</th></tr></thead>' +
        '<tbody><tr><td class="num">1</td><td class="num">+2 min</td>\n<td class="num">500</td><td><span class="pill bad_status">bad_status</span></td>\n<td>duplicate_push, late_push</td></tr>' +
        '<tr><td class="num">2</td><td class="num">+5 min</td>\n<td class="num">200</td><td><span class="pill delivered">delivered</span></td>\n<td></td></tr></tbody></table>',
    );
    expect(htmlReport(report([second]))).toContain(
      '<h3>Push</h3><p class="muted">The order did not complete: no push.</p>',
    );
  });

  it('a planned attempt due exactly at the span’s end is drawn; the span is at least the first attempt', () => {
    const p = pushed();
    p.planned = [{ number: 2, due_at: p.now, state: 'pending' }] as never;
    expect(htmlReport(report([failing({ push: p })]))).toContain(
      '<i class="tick pending" style="left:100.00%" title="attempt 2 pending"></i>',
    );
    // An attempt later than now stretches the span to it.
    const later = push({ attempts: [{ ms: 1_200_000, status: null }], ackMs: null });
    const html = htmlReport(report([failing({ push: later })]));
    expect(html).toContain(
      '<i class="dot bad_status" style="left:100.00%" title="attempt 1: bad_status"></i>',
    );
    // An attempt without a status (no answer) shows a dash in the status column, as an exchange does.
    expect(html).toContain('<td class="num">—</td><td><span class="pill bad_status">bad_status</span></td>');
  });

  it('an order completed, pushed and read at one instant is drawn at 0 %, not divided by a zero span', () => {
    const p = push({ attempts: [], ackMs: null });
    p.first_attempt_at = p.completed_at;
    p.now = p.completed_at;
    expect(htmlReport(report([failing({ push: p })]))).toContain(
      '<i class="done" style="left:0.00%" title="completed"></i></div>',
    );
  });

  it('says when the next attempt is due, or that push gave up, when not acknowledged', () => {
    const waiting = {
      ...push({ attempts: [{ ms: 120_000, status: 500 }], ackMs: null }),
      next_attempt_at: at(420_000),
    };
    expect(htmlReport(report([failing({ push: waiting })]))).toContain(
      '<p class="meta">completed at +0 ms · 1 attempt · not acknowledged; next attempt at +7 min</p>',
    );
    const gaveUp = push({ attempts: [], ackMs: null });
    gaveUp.arrival = { mode: 'push_first' } as never;
    const html = htmlReport(report([failing({ push: gaveUp, clock_started_at: null })]));
    expect(html).toContain(`· 0 attempts · not acknowledged · arrival push_first</p>`);
    expect(html).toContain(`completed at ${reportTimeText(gaveUp.completed_at)} ·`);
    expect(html).not.toContain('<table class="attempts">');
  });

  it('with no first attempt, counts from the completion', () => {
    const p = { ...push({ attempts: [], ackMs: 300_000 }), first_attempt_at: null, now: at(600_000) };
    expect(htmlReport(report([failing({ push: p })]))).toContain(
      '<i class="ack" style="left:50.00%" title="acknowledged"></i>',
    );
  });
});

describe('the exchanges', () => {
  it('one row each: clock, direction, kind and fault, request and answer, violations, status, time, outcome', () => {
    const html = htmlReport(twoOf());
    expect(html).toContain(
      '<h3>Exchanges <span class="muted">(2)</span></h3>\n<table class="exchanges" data-testid="exchanges">',
    );
    expect(html).toContain(
      [
        '<tr id="x-ex_1" class="warn">',
        '<td class="num">+2 min</td><td class="num">→ merchant</td><td><b>push</b> <span class="pill fault">late_push</span></td>',
        `<td><details><summary><code>POST ${x1.url}</code></summary>`,
        '<div class="msg"><h4>Request</h4><pre class="h">content-type: application/json\nx-b: 2</pre><pre>{\n  &quot;a&quot;: 1\n}</pre>' +
          '<h4>Response</h4><pre class="h"></pre><pre>plain &lt;b&gt;</pre></div></details>' +
          '<ul class="violations"><li>p: m&amp; <span class="muted">[r&lt;1&gt;]</span></li></ul></td>',
        '<td class="num">200</td><td class="num">3 ms</td><td>applied</td></tr>',
      ].join('\n'),
    );
    expect(html).toContain(
      [
        '<tr id="x-ex_2" class="">',
        '<td class="num">+1.5 s</td><td class="num">← merchant</td><td><b>checkout.read</b></td>',
        `<td><details><summary><code>POST ${x2.url}</code></summary>`,
        '<div class="msg"><h4>Request</h4><pre class="h"></pre><span class="muted">(no body)</span><h4>Response</h4><pre class="h"></pre><span class="muted">(no body)</span></div></details></td>',
        '<td class="num">—</td><td class="num">3 ms</td><td></td></tr>',
      ].join('\n'),
    );
    expect(htmlReport(report([second]))).toContain('<h3>Exchanges</h3><p class="muted">None recorded.</p>');
  });

  it('cuts a body at 20,000 characters', () => {
    const long = exchange({ kind: 'push', response: { headers: {}, body: 'y'.repeat(20_050) } });
    const json = exchange({
      kind: 'push',
      response: { headers: {}, body: JSON.stringify('z'.repeat(20_050)) },
    });
    const html = htmlReport(report([failing({ exchanges: [long, json] })]));
    expect(html).toContain(`<pre>${'y'.repeat(20_000)}</pre>`);
    expect(html).toContain(`<pre>&quot;${'z'.repeat(19_999)}</pre>`);
  });

  it('marks the row of an exchange the comparison found different', () => {
    const s = failing({ differences: [{ text: 'push answered 500, was 200', exchange_id: x2.id }] as never });
    const html = htmlReport(report([s]));
    expect(html).toContain('<tr id="x-ex_2" class="differs">');
    expect(html).toContain('<tr id="x-ex_1" class="warn">');
    const both = failing({ differences: [{ text: 'd', exchange_id: x1.id }] as never });
    expect(htmlReport(report([both]))).toContain('<tr id="x-ex_1" class="warn differs">');
    // Differences on two exchanges mark both rows; none marks no row.
    const two = failing({
      differences: [
        { text: 'd1', exchange_id: x1.id },
        { text: 'd2', exchange_id: x2.id },
      ] as never,
    });
    const html2 = htmlReport(report([two]));
    expect(html2).toContain('<tr id="x-ex_1" class="warn differs">');
    expect(html2).toContain('<tr id="x-ex_2" class="differs">');
    expect(htmlReport(report([failing({ differences: [] })]))).toContain('<tr id="x-ex_2" class="">');
  });
});

describe('the markup between a report’s repeated parts, and where a part is absent', () => {
  const twoSteps = failing({
    steps: [
      { text: 'advance 2 min', at: at(120_000), outcome: '1 fired', message: 'm1', exchange_ids: [] },
      { text: 'complete', at: at(180_000), outcome: 'completed', message: 'm2', exchange_ids: [] },
    ],
  });
  const twoTicks = pushed();
  twoTicks.planned = [
    { number: 1, due_at: at(120_000), state: 'sent' },
    { number: 2, due_at: at(300_000), state: 'sent' },
  ] as never;
  const twoViolations = exchange({
    kind: 'push',
    violations: [
      { rule: 'r1', path: 'p1', message: 'm1' },
      { rule: 'r2', path: 'p2', message: 'm2' },
    ],
  });
  const unacked = push({ attempts: [{ ms: 120_000, status: 500 }], ackMs: null });

  it.each([
    ['sections, one line apart', twoOf(), '</section>\n<section class="scenario pass" id="s2"'],
    ['step rows, side by side', report([twoSteps]), '<td>m1</td></tr><tr><td class="num">+3 min</td>'],
    [
      'planned ticks, side by side',
      report([failing({ push: twoTicks })]),
      'title="attempt 1 sent"></i><i class="tick sent" style="left:50.00%" title="attempt 2 sent"></i>',
    ],
    [
      'violations, side by side',
      report([failing({ exchanges: [twoViolations] })]),
      '<ul class="violations"><li>p1: m1 <span class="muted">[r1]</span></li><li>p2: m2 <span class="muted">[r2]</span></li></ul>',
    ],
    ['exchange rows, one line apart', twoOf(), '</td></tr>\n<tr id="x-ex_2"'],
    ['no steps: no table, nothing in its place', twoOf(), '</ul>\n\n\n<h3>Push</h3><p class="muted">'],
    [
      'no acknowledgement: no flag on the track',
      report([failing({ push: unacked })]),
      'title="attempt 1: 500"></i></div>',
    ],
    [
      'no attempts: no attempts table',
      report([failing({ push: push({ attempts: [], ackMs: null }) })]),
      'planned</span></div>\n\n<h3>Exchanges',
    ],
  ])('%s', (_, r, markup) => {
    expect(htmlReport(r)).toContain(markup);
  });
});
