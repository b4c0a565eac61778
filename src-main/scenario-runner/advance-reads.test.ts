import { describe, expect, it } from 'vitest';
import { advance } from './advance-step';
import type { RunClock } from './run-clock';

/*
 * An advance step reads the clock once to start with, then once after each timer it moved to: explore
 * advances in most journeys, and each read is a call to the simulator. The clock here is a list of due
 * times the test gives; nothing else moves it.
 */

/** A manual clock at `start` with timers due at `due` (ISO times); counts its reads. */
function fakeClock(start: string, due: string[]) {
  let now = Date.parse(start);
  const timers = due.map((d) => Date.parse(d)).sort((a, b) => a - b);
  const s = { views: 0, advances: [] as unknown[] };
  const iso = (ms: number) => new Date(ms).toISOString();
  const clock: RunClock = {
    view: async () => {
      s.views++;
      const next = timers.find((t) => t > now);
      return { now: iso(now), next_event_at: next === undefined ? null : iso(next) };
    },
    advance: async (body) => {
      s.advances.push(body);
      if ('until' in body) {
        now = timers.find((t) => t > now)!;
        return { fired: [{ kind: 'push', order_id: 'o1' }], now: iso(now) };
      }
      now += body.seconds * 1000;
      return { fired: [], now: iso(now) };
    },
  };
  return { clock, s };
}

const quiet = async () => {};

describe('the advance step’s clock reads', () => {
  it('reads the clock once when no timer is due within the span', async () => {
    const { clock, s } = fakeClock('2026-01-01T00:00:00.000Z', []);
    const r = await advance('5m', clock, quiet, 'o1');
    expect(s.views).toBe(1);
    expect(s.advances).toEqual([{ seconds: 300 }]);
    expect(r.at).toBe('2026-01-01T00:00:00.000Z');
  });

  it('reads it again after each timer it moved to, and moves to the end of the span', async () => {
    const { clock, s } = fakeClock('2026-01-01T00:00:00.000Z', [
      '2026-01-01T00:02:00.000Z',
      '2026-01-01T00:05:00.000Z',
      '2026-01-01T01:00:00.000Z',
    ]);
    const r = await advance('30m', clock, quiet, 'o1');
    expect(s.views).toBe(3);
    expect(s.advances).toEqual([{ until: 'next_event' }, { until: 'next_event' }, { seconds: 1500 }]);
    expect(r.outcome).toBe('2 fired');
  });
});
