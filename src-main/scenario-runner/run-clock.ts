import { formatDuration } from '@shared/rules/duration';
import type { StepReport } from '@shared/schemas/scenario-report.schema';
import type { SimApi } from './sim-api';

/** What advancing a clock fired. */
export type Fired = { kind: string; order_id: string | null };

/** The clock a scenario reads and advances: the simulator clock (manual) or a test clock of its own. */
export interface RunClock {
  view(): Promise<{ now: string; next_event_at: string | null }>;
  advance(body: { seconds: number } | { until: 'next_event' }): Promise<{ fired: Fired[]; now: string }>;
}

/** The simulator clock's path under /test_helpers. */
export const SIM_CLOCK = '/test_helpers/clock';

/** The clock at `path` (SIM_CLOCK, or a test clock's `/test_helpers/test_clocks/{id}`). */
export function runClock(sim: SimApi, path: string): RunClock {
  return {
    view: () => sim.ok('GET', path),
    advance: (body) => sim.ok('POST', `${path}/advance`, body),
  };
}

/** Why a scenario with a back_to_now step does not run in a parallel run. */
export const BACK_TO_NOW_PARALLEL =
  'steps: back_to_now brings the simulator clock back to the computer’s time, but with --parallel each scenario runs on a test clock of its own and leaves the simulator clock alone; run this file without --parallel';

/**
 * The back_to_now step: the simulator clock back to the computer's time, as the console's Back to now does.
 * Only ever the simulator clock: runScenario refuses the step on a test clock before the scenario starts.
 */
export async function backToNow(
  sim: SimApi,
  clock: RunClock,
  quiet: () => Promise<void>,
): Promise<StepReport> {
  const at = (await clock.view()).now;
  const r = await sim.ok<{ moved_back_ms: number; message: string }>('POST', `${SIM_CLOCK}/back_to_now`, {});
  await quiet();
  return {
    text: 'bring the clock back to now',
    at,
    outcome: r.moved_back_ms > 0 ? `back ${formatDuration(r.moved_back_ms)}` : 'not ahead',
    message: r.message,
    exchange_ids: [],
  };
}
