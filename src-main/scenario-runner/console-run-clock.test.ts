import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ScenarioReportSchema } from '@shared/schemas/scenario-report.schema';
import { bootedSim } from '../test-kit/booted-sim';

/*
 * A scenario run from the console (the scenarios.run operation, also /test_helpers/scenarios/run) leaves
 * the simulator clock where it found it: the push example advances 12 minutes, on a test clock of its own.
 */

let sim: Awaited<ReturnType<typeof bootedSim>>;
beforeAll(async () => {
  sim = await bootedSim();
});
afterAll(() => sim?.close());

const PUSH = readFileSync(join(import.meta.dirname, '../../scenarios/push-acknowledged.yaml'), 'utf8');
const run = async () =>
  ScenarioReportSchema.parse(
    await sim.core.control.invoke('scenarios.run', { text: PUSH, filename: 'push-acknowledged.yaml' }),
  );

describe('a console scenario run and the simulator clock', () => {
  it('leaves a manual clock at the very time it stood', async () => {
    sim.core.clockControl.set({ mode: 'manual' });
    const before = sim.core.clockControl.view();
    const report = await run();
    expect(report.passed).toBe(true);
    // The scenario's own clock moved 12 minutes; the simulator's did not.
    const s = report.scenarios[0]!;
    expect(Date.parse(s.clock_ended_at!) - Date.parse(s.clock_started_at!)).toBe(12 * 60_000);
    const after = sim.core.clockControl.view();
    expect([after.mode, after.now]).toEqual([before.mode, before.now]);
  }, 120_000);

  it('leaves a real-time clock running with the computer, not 12 minutes ahead', async () => {
    sim.core.clockControl.set({ mode: 'real', speed: 1 });
    const offset = () => Date.parse(sim.core.clockControl.view().now) - Date.now();
    const before = offset();
    const report = await run();
    expect(report.passed).toBe(true);
    expect(sim.core.clockControl.view()).toMatchObject({ mode: 'real', speed: 1 });
    expect(Math.abs(offset() - before)).toBeLessThan(60_000);
  }, 120_000);
});
