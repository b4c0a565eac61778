// The JUnit reporter's document, line by line: the counts CI reads (tests, failures, errors, time in
// seconds), the class names, the escaping, and the cases --compare adds. Exact text, so a wrong count or
// a dropped attribute fails here and not only in a CI server far away.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { report, scenario, T0 } from '../compare/test-kit/reports';
import { junitXml, xmlEscape } from './junit';

const passed = { text: 'every push answered 2xx', passed: true, expected: 'e', seen: 's', exchange_ids: [] };
const failed = {
  text: 'acknowledged <within> 10 min',
  passed: false,
  expected: 'an "ack"',
  seen: 'none & no push',
  exchange_ids: ['ex_1', 'ex_2'],
};

describe('xmlEscape', () => {
  it('writes the markup characters as entities and drops what XML 1.0 cannot carry', () => {
    expect(xmlEscape('a & b < c > d "e"')).toBe('a &amp; b &lt; c &gt; d &quot;e&quot;');
    expect(xmlEscape('x\u0000\u0001\u0008\u000B\u000C\u000E\u001F\uFFFE\uFFFFy')).toBe('xy');
    expect(xmlEscape('tab\tline\nreturn\r ok')).toBe('tab\tline\nreturn\r ok');
    expect(xmlEscape("it's")).toBe("it's");
    expect(xmlEscape('&&<<')).toBe('&amp;&amp;&lt;&lt;');
  });
});

describe('the JUnit document', () => {
  it('one suite per scenario, its properties, a case per expectation, the steps as system output', () => {
    const s = scenario({
      name: 'Push & ack',
      passed: false,
      duration_ms: 1234,
      expectations: [passed, failed],
      steps: [{ text: 'pay', at: T0, outcome: 'completed', message: 'Paid.', exchange_ids: [] }],
    });
    const xml = junitXml(
      report([s], {
        duration_ms: 61_500,
        totals: { scenarios: 1, scenarios_failed: 1, expectations: 2, expectations_failed: 1 },
      }),
    );
    expect(xml.split('\n')).toEqual([
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<testsuites name="checkout-sim scenarios" tests="2" failures="1" errors="0" time="61.500">',
      '  <testsuite name="Push &amp; ack" tests="2" failures="1" errors="0" skipped="0" time="1.234" timestamp="2026-01-01T12:00:00.000" file="scenarios/push.yaml">',
      '    <properties>',
      '      <property name="order_id" value="o-1"/>',
      '      <property name="file" value="scenarios/push.yaml"/>',
      '    </properties>',
      '    <testcase classname="scenarios.push" name="every push answered 2xx" time="0">',
      '    </testcase>',
      '    <testcase classname="scenarios.push" name="acknowledged &lt;within&gt; 10 min" time="0">',
      '      <failure type="expectation" message="expected an &quot;ack&quot;; seen none &amp; no push">expected an &quot;ack&quot;; seen none &amp; no push',
      'exchanges: ex_1, ex_2</failure>',
      '    </testcase>',
      '    <system-out>FAIL Push &amp; ack (scenarios/push.yaml) · order o-1',
      '  ✓ every push answered 2xx — s',
      '  ✗ acknowledged &lt;within&gt; 10 min — expected an &quot;ack&quot;; seen none &amp; no push',
      '',
      '2026-01-01T12:00:00.000Z pay: completed. Paid.</system-out>',
      '  </testsuite>',
      '</testsuites>',
      '',
    ]);
  });

  it('a failed expectation without exchanges says only what was expected and seen', () => {
    const bare = { ...failed, exchange_ids: [] };
    expect(junitXml(report([scenario({ passed: false, expectations: [bare] })]))).toContain(
      '<failure type="expectation" message="expected an &quot;ack&quot;; seen none &amp; no push">expected an &quot;ack&quot;; seen none &amp; no push</failure>',
    );
  });

  it('a scenario that did not run to its end is an error case, counted as an error', () => {
    const s = scenario({
      passed: false,
      error: 'merchant: GET / answered 500',
      order_id: null,
      subject: 'session',
    });
    const xml = junitXml(report([s, scenario({ expectations: [passed] })]));
    expect(xml).toContain(
      '<testsuites name="checkout-sim scenarios" tests="2" failures="0" errors="1" time="0.100">',
    );
    expect(xml).toContain(
      '  <testsuite name="Push acknowledged" tests="1" failures="0" errors="1" skipped="0" time="0.010"',
    );
    expect(xml).toContain(
      [
        '      <property name="session_id" value=""/>',
        '      <property name="file" value="scenarios/push.yaml"/>',
        '    </properties>',
        '    <testcase classname="scenarios.push" name="runs to its end" time="0">',
        '      <error type="scenario_error" message="merchant: GET / answered 500">merchant: GET / answered 500</error>',
        '    </testcase>',
        '    <system-out>',
      ].join('\n'),
    );
    expect(xml).toContain(
      '  <testsuite name="Push acknowledged" tests="1" failures="0" errors="0" skipped="0"',
    );
  });

  it('class names: the file without its extension or leading dots, folders as dots, relative to the working folder', () => {
    const cls = (file: string, cwd?: string) =>
      /classname="([^"]*)"/.exec(junitXml(report([scenario({ file, expectations: [passed] })]), cwd))?.[1];
    expect(cls('scenarios/push.yaml')).toBe('scenarios.push');
    expect(cls('./scenarios/a.b/push.yml')).toBe('scenarios.a.b.push');
    expect(cls('../x/push.json')).toBe('x.push');
    expect(cls('scenarios\\win\\push.yaml')).toBe('scenarios.win.push');
    expect(cls('push.yaml.txt')).toBe('push.yaml.txt');
    expect(cls('pushyaml')).toBe('pushyaml');
    expect(cls('a&b.yaml')).toBe('a&amp;b');
    expect(cls(join('/work', 'shop', 'scenarios', 'push.yaml'), '/work/shop')).toBe('scenarios.push');
  });
});

describe('with --compare', () => {
  const SAME = 'the merchant did the same as in the earlier run';
  const comparison = {
    earlier: 'old & report.json',
    earlier_started_at: T0,
    differences: 2,
    scenarios_differing: 1,
    ignored: [],
    only_in_earlier: [{ file: 'scenarios/gone.yaml', name: 'Gone <one>' }],
  };

  it('a passed case when the merchant did the same, a failed one listing the differences when not', () => {
    const same = scenario({ differences: [] });
    const differs = scenario({
      name: 'B',
      differences: [
        { text: 'push answered 500, was 200', exchange_id: 'ex_9' },
        { text: 'one <fewer> call' },
      ] as never,
    });
    const one = scenario({ name: 'C', differences: [{ text: 'x' }] as never });
    const xml = junitXml(
      report([same, differs, one], {
        comparison,
        totals: { scenarios: 3, scenarios_failed: 0, expectations: 0, expectations_failed: 0 },
      }),
    );
    expect(xml).toContain(
      '<testsuites name="checkout-sim scenarios" tests="4" failures="3" errors="0" time="0.100">',
    );
    expect(xml).toContain(`    <testcase classname="scenarios.push" name="${SAME}" time="0"/>`);
    expect(xml).toContain('  <testsuite name="B" tests="1" failures="1" errors="0"');
    expect(xml).toContain(
      [
        `    <testcase classname="scenarios.push" name="${SAME}" time="0">`,
        '      <failure type="difference" message="2 differences from the earlier run">push answered 500, was 200',
        'one &lt;fewer&gt; call</failure>',
        '    </testcase>',
      ].join('\n'),
    );
    expect(xml).toContain(
      '<failure type="difference" message="1 difference from the earlier run">x</failure>',
    );
    expect(xml).toContain(
      [
        '  <testsuite name="Gone &lt;one&gt;" tests="1" failures="1" errors="0" skipped="0" time="0" timestamp="2026-01-01T12:00:00.000" file="scenarios/gone.yaml">',
        `    <testcase classname="scenarios.gone" name="${SAME}" time="0">`,
        '      <failure type="difference" message="in the earlier report (old &amp; report.json), not run this time">in the earlier report (old &amp; report.json), not run this time</failure>',
        '    </testcase>',
        '  </testsuite>',
        '</testsuites>',
      ].join('\n'),
    );
  });
});
