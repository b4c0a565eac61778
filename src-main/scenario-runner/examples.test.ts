import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { bootedSim } from '../test-kit/booted-sim';
import { runOn } from '../test-kit/scenario-env';
import { ScenarioReportSchema } from '@shared/schemas/scenario-report.schema';
import type { ScenarioSource } from './run-scenarios';

const DIR = resolve(import.meta.dirname, '../../scenarios');
const examples: ScenarioSource[] = readdirSync(DIR)
  .filter((f) => /\.(ya?ml|json)$/.test(f))
  .sort()
  .map((f) => ({ file: `scenarios/${f}`, text: readFileSync(join(DIR, f), 'utf8') }));

let sim: Awaited<ReturnType<typeof bootedSim>>;
beforeAll(async () => {
  sim = await bootedSim();
});
afterAll(() => sim?.close());

describe('the shipped example scenarios against the sample shop, in process', () => {
  it('pass, each expectation with what was seen', async () => {
    const report = await runOn(sim, examples);
    const lines = report.scenarios.flatMap((s) => [
      `${s.passed ? 'PASS' : 'FAIL'} ${s.name} ${s.error ?? ''}`,
      ...s.steps.map((st) => `   step ${st.text}: ${st.outcome} ${st.message}`),
      ...s.expectations.map(
        (e) => `   ${e.passed ? '✓' : '✗'} ${e.text} — expected ${e.expected}; seen ${e.seen}`,
      ),
    ]);
    expect(report.scenarios).toHaveLength(examples.length);
    expect(report.passed, lines.join('\n')).toBe(true);
  }, 120_000);

  it('give the same verdicts run in parallel, each on a test clock of its own, as one after another', async () => {
    const run = (parallel: number) => runOn(sim, examples, { parallel });
    const verdicts = (r: Awaited<ReturnType<typeof run>>) =>
      r.scenarios.map((s) => [s.file, s.passed, s.error, s.expectations.map((e) => [e.text, e.passed])]);
    const clockBefore = await sim.core.control.invoke('clock.get', {});
    const parallel = await run(examples.length);
    // The simulator clock was not touched: each scenario advanced a clock of its own, deleted after.
    const clockAfter = await sim.core.control.invoke('clock.get', {});
    expect((clockAfter as { mode: string }).mode).toBe((clockBefore as { mode: string }).mode);
    expect(sim.core.testClocks.list()).toEqual([]);
    const serial = await run(1);
    expect(verdicts(parallel)).toEqual(verdicts(serial));
    expect(parallel.passed).toBe(true);
    const push = parallel.scenarios.find((s) => s.file.endsWith('push-acknowledged.yaml'))!;
    // Its times are its own clock's: the push 2 minutes after the scenario's clock started.
    expect(Date.parse(push.clock_ended_at!) - Date.parse(push.clock_started_at!)).toBe(12 * 60_000);
  }, 180_000);

  it('run the same through the control operation (the console) and its /test_helpers route', async () => {
    const push = examples.find((e) => e.file.endsWith('push-acknowledged.yaml'))!;
    const viaConsole = ScenarioReportSchema.parse(
      await sim.core.control.invoke('scenarios.run', { text: push.text, filename: 'push-acknowledged.yaml' }),
    );
    expect(viaConsole.passed).toBe(true);
    expect(viaConsole.console_url).toBe(sim.urls.console || null);
    expect(viaConsole.scenarios[0]!.push?.acknowledged_at).not.toBeNull();

    const auth = `Basic ${Buffer.from('merchant:secret').toString('base64')}`;
    const res = await fetch(`${sim.urls.api}/test_helpers/scenarios/run`, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'name: broken\nsteps: []\nexpect: []\n', filename: 'broken.yaml' }),
    });
    expect(res.status).toBe(200);
    const viaScript = ScenarioReportSchema.parse(await res.json());
    expect(viaScript.passed).toBe(false);
    expect(viaScript.scenarios[0]!.error).toBe(
      'broken.yaml: expect (broken.yaml:3:9): must hold at least one expectation',
    );
  }, 60_000);
});
