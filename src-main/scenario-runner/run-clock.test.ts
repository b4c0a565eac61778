// The clock a scenario reads and advances, and the back_to_now step, against a recording simulator.
import { describe, expect, it } from 'vitest';
import { backToNow, runClock, SIM_CLOCK } from './run-clock';
import type { SimApi } from './sim-api';

function sim(answers: Record<string, unknown>) {
  const calls: [string, string, unknown][] = [];
  const ok = async (method: string, path: string, body?: unknown) => {
    calls.push([method, path, body]);
    return answers[`${method} ${path}`];
  };
  return { calls, api: { ok, call: async () => ({ status: 200, body: null }) } as unknown as SimApi };
}

describe('runClock', () => {
  it('reads and advances the clock at its path', async () => {
    const s = sim({
      'GET /test_helpers/test_clocks/c1': { now: 'n' },
      'POST /test_helpers/test_clocks/c1/advance': { fired: [] },
    });
    const clock = runClock(s.api, '/test_helpers/test_clocks/c1');
    expect(await clock.view()).toEqual({ now: 'n' });
    expect(await clock.advance({ seconds: 5 })).toEqual({ fired: [] });
    expect(s.calls).toEqual([
      ['GET', '/test_helpers/test_clocks/c1', undefined],
      ['POST', '/test_helpers/test_clocks/c1/advance', { seconds: 5 }],
    ]);
    expect(SIM_CLOCK).toBe('/test_helpers/clock');
  });
});

describe('back_to_now', () => {
  const now = '2026-12-05T10:00:00.000Z';
  it('brings the simulator clock back, waits for the merchant, and says how far', async () => {
    const s = sim({
      'GET /test_helpers/clock': { now },
      'POST /test_helpers/clock/back_to_now': { moved_back_ms: 120_000, message: 'Back 2 min.' },
    });
    let quiet = 0;
    const step = await backToNow(s.api, runClock(s.api, SIM_CLOCK), async () => {
      quiet += 1;
    });
    expect(step).toEqual({
      text: 'bring the clock back to now',
      at: now,
      outcome: 'back 2 min',
      message: 'Back 2 min.',
      exchange_ids: [],
    });
    expect(quiet).toBe(1);
    expect(s.calls[1]).toEqual(['POST', '/test_helpers/clock/back_to_now', {}]);
  });

  it('says so when the clock was not ahead', async () => {
    const s = sim({
      'GET /test_helpers/clock': { now },
      'POST /test_helpers/clock/back_to_now': { moved_back_ms: 0, message: 'Already now.' },
    });
    const step = await backToNow(s.api, runClock(s.api, SIM_CLOCK), async () => {});
    expect(step.outcome).toBe('not ahead');
  });
});
