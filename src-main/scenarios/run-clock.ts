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
