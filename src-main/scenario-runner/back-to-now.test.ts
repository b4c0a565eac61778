import { describe, expect, it } from 'vitest';
import { scenarioEnv } from '../test-kit/scenario-env';
import { BACK_TO_NOW_PARALLEL } from './run-clock';
import { parseScenario } from './scenario-file';

/*
 * The back_to_now step: in a serial run the simulator clock, left 47 hours ahead, comes back to the
 * computer's time, so the order's expiry (a pending timer, 48 h after creation) keeps its simulator time
 * and a later advance of 2 h does not reach it. In a parallel run the file is refused before it starts.
 */

const { run: runFiles } = scenarioEnv();

const SCENARIO = `
name: Back to now keeps the expiry ahead
steps:
  - advance: 47h
  - back_to_now:
  - advance: 2h
expect:
  - push_attempts: { at_most: 0 }
`;

const run = (parallel: number, text = SCENARIO) =>
  runFiles(
    [
      { file: 'back.yaml', text },
      { file: 'back-again.yaml', text },
    ],
    parallel,
  );

describe('the back_to_now step', () => {
  it('is a step of the strict schema, taking no value', () => {
    expect(parseScenario(SCENARIO, 'back.yaml').steps[1]).toEqual({ back_to_now: null });
    expect(() => parseScenario(SCENARIO.replace('back_to_now:', 'back_to_now: 2h'), 'back.yaml')).toThrow(
      /steps\[1\]\.back_to_now/,
    );
  });

  it('brings the simulator clock back to the computer’s time in a serial run; the expiry keeps its time', async () => {
    const report = await run(1);
    const s = report.scenarios[0]!;
    expect(s.error).toBeNull();
    expect(s.steps.map((st) => st.text)).toEqual([
      'advance the clock 47 h',
      'bring the clock back to now',
      'advance the clock 2 h',
    ]);
    const back = s.steps[1]!;
    expect(back.outcome).toMatch(/^back (46|47) h/);
    expect(back.message).toMatch(/^The clock went back .* to the computer’s time\. 1 pending timer/);
    // 47 h + 2 h would have passed the expiry at 48 h; after back to now the order has not expired.
    expect(s.steps[2]!.message).toBe('Nothing fired for this order.');
    const ahead = Date.parse(s.clock_ended_at!) - Date.now();
    expect(ahead).toBeLessThan(3 * 3_600_000);
  }, 60_000);

  it('without it the same advances reach the expiry (what the test above relies on)', async () => {
    const report = await run(1, SCENARIO.replace('  - back_to_now:\n', ''));
    expect(report.scenarios[0]!.steps[1]!.message).toMatch(/^Fired for this order: .*expir/);
  }, 60_000);

  it('is refused in a parallel run, before any order is made, saying why and what to do', async () => {
    const report = await run(2);
    for (const s of report.scenarios) {
      expect(s.passed).toBe(false);
      expect(s.error).toBe(BACK_TO_NOW_PARALLEL);
      expect(s.order_id).toBeNull();
    }
    expect(BACK_TO_NOW_PARALLEL).toMatch(/without --parallel/);
  }, 60_000);
});
