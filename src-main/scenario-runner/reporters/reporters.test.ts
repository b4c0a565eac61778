import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { ScenarioReport, ScenarioResult } from '@shared/schemas/scenario-report.schema';
import { junitProblems } from '../../test-kit/junit-schema';
import { scenarioLines, summaryLine } from './console-lines';
import { htmlReport } from './html';
import { junitXml } from './junit';
import { reportLocale, reportTimeText } from './html-time';
import { formatTimeIn } from '@shared/rules/time-format';

const at = '2026-01-01T12:00:00.000Z';
const scenario = (over: Partial<ScenarioResult>): ScenarioResult => ({
  name: 'Push <acknowledged> & "quoted"',
  file: 'scenarios/push.yaml',
  order_id: 'o-1',
  passed: true,
  error: null,
  duration_ms: 1234,
  clock_started_at: at,
  clock_ended_at: at,
  steps: [
    { text: 'advance the clock 2 min', at, outcome: '1 fired', message: 'Fired: push ×1.', exchange_ids: [] },
  ],
  expectations: [
    {
      text: 'acknowledged within 10 min',
      passed: true,
      expected: 'x',
      seen: 'acknowledged at once',
      exchange_ids: ['ex_1'],
    },
  ],
  exchanges: [],
  push: null,
  ...over,
});
const failing = scenario({
  passed: false,
  error: 'merchant: GET /checkout answered 500 \u0001',
  expectations: [
    {
      text: 'acknowledged within 10 min',
      passed: false,
      expected: 'an ack',
      seen: 'not acknowledged; 3 push attempts',
      exchange_ids: ['ex_2'],
    },
  ],
});
const report = (scenarios: ScenarioResult[]): ScenarioReport => ({
  started_at: at,
  duration_ms: 2000,
  api: 'http://127.0.0.1:1',
  merchant_url: 'http://127.0.0.1:2',
  console_url: null,
  passed: scenarios.every((s) => s.passed),
  totals: {
    scenarios: scenarios.length,
    scenarios_failed: scenarios.filter((s) => !s.passed).length,
    expectations: scenarios.flatMap((s) => s.expectations).length,
    expectations_failed: scenarios.flatMap((s) => s.expectations).filter((e) => !e.passed).length,
  },
  scenarios,
});

describe('the console reporter', () => {
  it('prints a line per expectation; a failed one says what was expected and what was seen', () => {
    expect(scenarioLines(failing)).toEqual([
      'FAIL Push <acknowledged> & "quoted" (scenarios/push.yaml) · order o-1',
      '  ✗ error: merchant: GET /checkout answered 500 \u0001',
      '  ✗ acknowledged within 10 min — expected an ack; seen not acknowledged; 3 push attempts',
    ]);
    expect(summaryLine(report([scenario({}), failing]))).toBe(
      '2 scenarios (1 passed, 1 failed); 2 expectations (1 met, 1 not met)',
    );
  });
});

describe('the JUnit reporter', () => {
  it('is valid against the common JUnit XML schema, passing or failing, with markup and control characters in the text', async () => {
    for (const r of [report([scenario({})]), report([scenario({}), failing]), report([])]) {
      expect(await junitProblems(junitXml(r))).toEqual([]);
    }
  });

  it('has a test case per expectation, a failure with expected and seen, and an error for a scenario that did not finish', () => {
    const xml = junitXml(report([scenario({}), failing]));
    expect(xml).toContain('<testsuites name="checkout-sim scenarios" tests="3" failures="1" errors="1"');
    expect(xml).toContain('classname="scenarios.push" name="acknowledged within 10 min"');
    expect(xml).toContain(
      '<failure type="expectation" message="expected an ack; seen not acknowledged; 3 push attempts">',
    );
    expect(xml).toContain('<error type="scenario_error" message="merchant: GET /checkout answered 500 ">');
  });

  it('the schema itself refuses what is not JUnit', async () => {
    expect(await junitProblems('<testsuites><testsuite name="x"/></testsuites>')).not.toEqual([]);
    expect(
      await junitProblems('<testsuites><testsuite tests="1"><testcase/></testsuite></testsuites>'),
    ).not.toEqual([]);
  });
});

describe('the HTML reporter', () => {
  it('is one page with no script and no external file, escaping what it shows', () => {
    const html = htmlReport(report([scenario({}), failing]));
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).not.toMatch(/<script|<link|src=/i);
    expect(html).toContain('Push &lt;acknowledged&gt; &amp; &quot;quoted&quot;');
    expect(html).toContain('<b>seen</b> not acknowledged; 3 push attempts');
  });

  it('links exchanges into the simulator’s log when its console is there, else into the page', () => {
    expect(htmlReport(report([failing]))).toContain('href="#x-ex_2"');
    const linked = htmlReport({ ...report([failing]), console_url: 'http://127.0.0.1:9' });
    expect(linked).toContain('href="http://127.0.0.1:9/#/log?order=o-1&amp;exchange=ex_2"');
  });

  it('writes its moments in the console’s one style (shared/rules/time-format.ts), the ISO value on hover', () => {
    const html = htmlReport(report([scenario({ clock_started_at: null })]));
    const shown = reportTimeText(at);
    expect(shown).toBe(formatTimeIn(at, reportLocale()));
    expect(html).toContain(`started <time datetime="${at}" title="${at}">${shown}</time>`);
    // A step without the scenario's clock start reads as a moment, not as ISO.
    expect(html).toContain(`<td class="num">${shown}</td>`);
    // ISO only inside attributes: never as text a person reads.
    expect(html.replace(/"[^"]*"/g, '""')).not.toContain('2026-01-01T');
  });
});

describe('names and counts as a reader expects them', () => {
  it('JUnit: the classname and file relative to the working folder, even for a file named by its absolute path', () => {
    const abs = scenario({ file: join(process.cwd(), 'scenarios', 'push.yaml') });
    const xml = junitXml(report([abs]));
    expect(xml).toContain('classname="scenarios.push"');
    expect(xml).toContain('file="scenarios/push.yaml"');
    expect(xml).not.toContain(process.cwd());
  });

  it('HTML: one scenario and one expectation in the singular, and "+N more" after the links shown', () => {
    const ids = Array.from({ length: 16 }, (_, i) => `ex_${i}`);
    const one = scenario({
      expectations: [
        { text: 'every push answered 2xx', passed: true, expected: 'x', seen: 'y', exchange_ids: ids },
      ],
    });
    const html = htmlReport(report([one]));
    expect(html).toMatch(/1 scenario \(1 passed, 0 failed\) ·\s+1 expectation \(1 met, 0 not met\)/);
    expect(html.match(/class="xlink"/g)).toHaveLength(8);
    expect(html).toContain('<span class="muted" data-testid="more">+8 more</span>');
    expect(htmlReport(report([one, failing]))).toMatch(
      /2 scenarios \(1 passed, 1 failed\) ·\s+2 expectations/,
    );
  });
});
