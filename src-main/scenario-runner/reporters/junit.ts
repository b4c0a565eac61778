import { isAbsolute, relative, sep } from 'node:path';
import type { ScenarioReport, ScenarioResult } from '@shared/schemas/scenario-report.schema';
import { scenarioLines } from './console-lines';

/** Escapes text for XML content and attributes; drops characters XML 1.0 cannot carry. */
export function xmlEscape(s: string): string {
  return (
    s
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
  );
}

const seconds = (ms: number) => (ms / 1000).toFixed(3);

/**
 * The JUnit XML reporter, in the common format CI servers read (Ant's JUnit task, Surefire, Jenkins): one
 * `testsuite` per scenario, one `testcase` per expectation (a `failure` with expected and seen when not
 * met), and an `error` test case when the scenario could not run to its end; with --compare one case more,
 * failed with the list of differences when the merchant did something differently, and a failed suite per
 * scenario of the earlier report not run this time. Valid against tools/junit.xsd.
 */
export function junitXml(r: ScenarioReport, cwd = process.cwd()): string {
  const missing = r.comparison?.only_in_earlier ?? [];
  const failures =
    r.totals.expectations_failed + r.scenarios.filter((s) => s.differences?.length).length + missing.length;
  const errors = r.scenarios.filter((s) => s.error).length;
  const tests = r.scenarios.reduce((n, s) => n + cases(s), 0) + missing.length;
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="checkout-sim scenarios" tests="${tests}" failures="${failures}" errors="${errors}" time="${seconds(r.duration_ms)}">`,
  ];
  for (const s of r.scenarios) out.push(...suite(s, r.started_at, cwd));
  for (const o of missing) out.push(...missingSuite(o, r, cwd));
  out.push('</testsuites>', '');
  return out.join('\n');
}

const cases = (s: ScenarioResult) => s.expectations.length + (s.error ? 1 : 0) + (s.differences ? 1 : 0);

const SAME_AS_EARLIER = 'the merchant did the same as in the earlier run';

/** With --compare: one test case more, failed with the list when the merchant did something differently. */
function differencesCase(s: ScenarioResult, cls: string): string[] {
  const d = s.differences;
  if (!d) return [];
  if (!d.length) return [`    <testcase classname="${cls}" name="${SAME_AS_EARLIER}" time="0"/>`];
  const message = `${d.length} difference${d.length === 1 ? '' : 's'} from the earlier run`;
  return [
    `    <testcase classname="${cls}" name="${SAME_AS_EARLIER}" time="0">`,
    `      <failure type="difference" message="${xmlEscape(message)}">${xmlEscape(d.map((x) => x.text).join('\n'))}</failure>`,
    '    </testcase>',
  ];
}

/** A scenario of the earlier report that this run did not have: a suite whose one case failed. */
function missingSuite(o: { file: string; name: string }, r: ScenarioReport, cwd: string): string[] {
  const file = fileName(o.file, cwd);
  const message = `in the earlier report (${r.comparison!.earlier}), not run this time`;
  return [
    `  <testsuite name="${xmlEscape(o.name)}" tests="1" failures="1" errors="0" skipped="0" time="0" ` +
      `timestamp="${r.started_at.replace(/Z$/, '')}" file="${xmlEscape(file)}">`,
    `    <testcase classname="${classOf(file)}" name="${SAME_AS_EARLIER}" time="0">`,
    `      <failure type="difference" message="${xmlEscape(message)}">${xmlEscape(message)}</failure>`,
    '    </testcase>',
    '  </testsuite>',
  ];
}

/** The class name CI groups a scenario's cases under: its file without the extension, dotted. */
const classOf = (file: string) =>
  xmlEscape(
    file
      .replace(/\.(ya?ml|json)$/, '')
      .replace(/^[./\\]+/, '')
      .replace(/[\\/]/g, '.'),
  );

/**
 * The file as CI shows it: relative to the working folder (`scenarios/push.yaml`), whether it was named
 * that way or by its absolute path, so that class names are the same on every machine.
 */
function fileName(file: string, cwd: string): string {
  return isAbsolute(file) ? relative(cwd, file).split(sep).join('/') : file;
}

function suite(s: ScenarioResult, timestamp: string, cwd: string): string[] {
  const file = fileName(s.file, cwd);
  const cls = classOf(file);
  const failed = s.expectations.filter((e) => !e.passed).length + (s.differences?.length ? 1 : 0);
  const out = [
    `  <testsuite name="${xmlEscape(s.name)}" tests="${cases(s)}" failures="${failed}" errors="${s.error ? 1 : 0}" ` +
      `skipped="0" time="${seconds(s.duration_ms)}" timestamp="${timestamp.replace(/Z$/, '')}" file="${xmlEscape(file)}">`,
    '    <properties>',
    `      <property name="${s.subject === 'session' ? 'session_id' : 'order_id'}" value="${xmlEscape(s.order_id ?? '')}"/>`,
    `      <property name="file" value="${xmlEscape(file)}"/>`,
    '    </properties>',
  ];
  if (s.error) {
    out.push(
      `    <testcase classname="${cls}" name="runs to its end" time="0">`,
      `      <error type="scenario_error" message="${xmlEscape(s.error)}">${xmlEscape(s.error)}</error>`,
      '    </testcase>',
    );
  }
  for (const e of s.expectations) {
    out.push(`    <testcase classname="${cls}" name="${xmlEscape(e.text)}" time="0">`);
    if (!e.passed) {
      const message = `expected ${e.expected}; seen ${e.seen}`;
      const ids = e.exchange_ids.length ? `\nexchanges: ${e.exchange_ids.join(', ')}` : '';
      out.push(
        `      <failure type="expectation" message="${xmlEscape(message)}">${xmlEscape(message + ids)}</failure>`,
      );
    }
    out.push('    </testcase>');
  }
  out.push(...differencesCase(s, cls));
  const steps = s.steps.map((st) => `${st.at} ${st.text}: ${st.outcome}. ${st.message}`);
  out.push(
    `    <system-out>${xmlEscape([...scenarioLines({ ...s, file }), '', ...steps].join('\n'))}</system-out>`,
    '  </testsuite>',
  );
  return out;
}
