import { describe, expect, it } from 'vitest';
import { parseAnswerPath, type AnswerPath } from '@shared/rules/compare-path';
import { junitProblems } from '../../test-kit/junit-schema';
import { compareReports } from '../compare/compare-reports';
import { exchange, report, scenario } from '../compare/test-kit/reports';
import { comparisonLines, scenarioLines } from './console-lines';
import { htmlReport } from './html';
import { junitXml } from './junit';

/* Each reporter with a compared run (--compare): the differences where a reader looks for them. */

const earlier = report([
  scenario({ exchanges: [exchange({ kind: 'address_update', id: 'a1' }, { order_amount: 100 })] }),
  scenario({ name: 'Same', file: 'scenarios/same.yaml' }),
  scenario({ name: 'Gone <old>', file: 'scenarios/gone.yaml' }),
]);
const now = report([
  scenario({ exchanges: [exchange({ kind: 'address_update', id: 'b1' }, { order_amount: 120 })] }),
  scenario({ name: 'Same', file: 'scenarios/same.yaml' }),
]);
const compared = compareReports(earlier, now, {
  earlierFile: 'reports/before.json',
  ignore: [
    {
      text: 'callbacks.push.body.order_number',
      path: parseAnswerPath('callbacks.push.body.order_number') as AnswerPath,
    },
  ],
});
const CHANGE = 'address_update #1: callbacks.address_update.body.order_amount changed: 100 → 120';

describe('reporting a comparison', () => {
  it('console: a line per difference under its scenario, and what the run was compared with', () => {
    expect(scenarioLines(compared.scenarios[0]!)).toEqual([
      'PASS Push acknowledged (scenarios/push.yaml) · order o-1 · 1 difference from the earlier run',
      `  ≠ ${CHANGE}`,
    ]);
    expect(scenarioLines(compared.scenarios[1]!)).toEqual(['PASS Same (scenarios/same.yaml) · order o-1']);
    expect(comparisonLines(compared)).toEqual([
      'Compared with reports/before.json (run 2026-01-01T12:00:00.000Z): 2 differences (1 of 2 scenarios differ, 1 only in the earlier report)',
      '  ≠ only in the earlier report: Gone <old> (scenarios/gone.yaml)',
    ]);
    expect(comparisonLines(now)).toEqual([]);
  });

  it('JUnit: a scenario with differences fails with the list, one only in the earlier report too; still valid', async () => {
    const xml = junitXml(compared);
    expect(await junitProblems(xml)).toEqual([]);
    expect(xml).toContain('<testsuites name="checkout-sim scenarios" tests="3" failures="2" errors="0"');
    expect(xml).toContain(
      `<failure type="difference" message="1 difference from the earlier run">${CHANGE}</failure>`,
    );
    expect(xml).toContain(
      '<testcase classname="scenarios.same" name="the merchant did the same as in the earlier run" time="0"/>',
    );
    expect(xml).toMatch(/<testsuite name="Gone &lt;old&gt;" tests="1" failures="1"/);
    expect(junitXml(now)).not.toContain('earlier run');
  });

  it('HTML: the differences beside the exchange they concern, in the scenario’s list, and in the header', () => {
    const html = htmlReport(compared);
    const row = html.slice(
      html.indexOf('<tr id="x-b1"'),
      html.indexOf('</tr>', html.indexOf('<tr id="x-b1"')),
    );
    expect(row).toContain('class="differs"');
    expect(row).toContain(
      `<ul class="differences" data-testid="exchange-differences"><li>≠ ${CHANGE}</li></ul>`,
    );
    expect(html).toContain(
      `<span class="mark">≠</span> ${CHANGE} <a class="xlink" href="#x-b1">address_update</a>`,
    );
    expect(html).toContain('None: the merchant did the same.');
    expect(html).toMatch(/compared with <code>reports\/before\.json<\/code>.*2 differences/);
    expect(html).toContain('only in the earlier report: Gone &lt;old&gt;');
    expect(html).toContain('not compared: <code>callbacks.push.body.order_number</code>');
    expect(htmlReport(now)).not.toContain('data-testid="differences"');
  });
});
