import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { bootedSim, SIM_CREDENTIALS } from '../test-support/booted-sim';
import { ScenarioReportSchema } from '@shared/schemas/scenario-report.schema';
import { runScenarios, type ScenarioSource } from './run-scenarios';

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
    const report = await runScenarios(examples, {
      api: sim.urls.api,
      credentials: SIM_CREDENTIALS,
      merchantUrl: sim.urls.shop,
      consoleUrl: null,
    });
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
    expect(viaScript.scenarios[0]!.error).toBe('broken.yaml: expect: must hold at least one expectation');
  }, 60_000);
});
