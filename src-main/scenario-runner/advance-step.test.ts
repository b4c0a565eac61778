// The advance step on a hand-made manual clock with timers: each timer due within the span fires in
// turn with the merchant let react after each, then the clock goes to the span's end (docs/scenarios.md
// `advance`), and the step says what fired for the scenario's own order.
import { describe, expect, it } from 'vitest';
import { advance } from './advance-step';
import type { Fired, RunClock } from './run-clock';

const T0 = Date.parse('2026-12-05T10:00:00.000Z');
const iso = (ms: number) => new Date(T0 + ms).toISOString();

/** A manual clock at T0 with timers at the given offsets; records each advance and each quiet wait. */
function clockWith(timers: { at: number; fired: Fired[] }[]) {
  let now = 0;
  const log: string[] = [];
  const pending = [...timers].sort((a, b) => a.at - b.at);
  const clock: RunClock = {
    view: async () => ({ now: iso(now), next_event_at: pending[0] ? iso(pending[0].at) : null }),
    advance: async (body) => {
      if ('until' in body) {
        // The automation API's one word for "to the next timer".
        if (body.until !== 'next_event') throw new Error(`until ${String(body.until)}`);
        const t = pending.shift()!;
        now = t.at;
        log.push(`to ${t.at}`);
        return { fired: t.fired, now: iso(now) };
      }
      now += body.seconds * 1000;
      log.push(`by ${body.seconds}s`);
      return { fired: [], now: iso(now) };
    },
  };
  const quiet = async () => {
    log.push('quiet');
  };
  return { clock, log, quiet };
}
const push = (order: string | null = 'o1'): Fired => ({ kind: 'push', order_id: order });

describe('advance by a span', () => {
  it('fires each timer due within it in turn, the merchant let react after each, then goes to the end', async () => {
    const c = clockWith([
      { at: 60_000, fired: [push()] },
      { at: 120_000, fired: [push(), { kind: 'order_expiry', order_id: 'o1' }, push('other')] },
      { at: 600_000, fired: [push()] },
    ]);
    const step = await advance('5m', c.clock, c.quiet, 'o1');
    expect(c.log).toEqual(['to 60000', 'quiet', 'to 120000', 'quiet', 'by 180s']);
    expect(step).toEqual({
      text: 'advance the clock 5 min',
      at: iso(0),
      outcome: '3 fired',
      message: 'Fired for this order: push ×2, order_expiry ×1.',
      exchange_ids: [],
    });
  });

  it('a timer due exactly at the end fires, and no second move is made', async () => {
    const c = clockWith([{ at: 300_000, fired: [push()] }]);
    const step = await advance('5m', c.clock, c.quiet, 'o1');
    expect(c.log).toEqual(['to 300000', 'quiet']);
    expect(step.outcome).toBe('1 fired');
  });

  it('with nothing due, moves once by the whole span and says nothing fired', async () => {
    const c = clockWith([{ at: 300_001, fired: [push()] }]);
    const step = await advance('300s', c.clock, c.quiet, 'o1');
    expect(c.log).toEqual(['by 300s']);
    expect(step).toMatchObject({ outcome: '0 fired', message: 'Nothing fired for this order.' });
    const none = clockWith([]);
    await advance('1s', none.clock, none.quiet, 'o1');
    expect(none.log).toEqual(['by 1s']);
  });

  it('counts only what fired for its own order', async () => {
    const c = clockWith([{ at: 1000, fired: [push('other'), push(null)] }]);
    expect(await advance('2s', c.clock, c.quiet, 'o1')).toMatchObject({
      outcome: '0 fired',
      message: 'Nothing fired for this order.',
    });
  });
});

describe('advance to the next event', () => {
  it('moves to the next timer only, then lets the merchant react', async () => {
    const c = clockWith([
      { at: 7_200_000, fired: [push()] },
      { at: 9_000_000, fired: [push()] },
    ]);
    const step = await advance('next_event', c.clock, c.quiet, 'o1');
    expect(c.log).toEqual(['to 7200000', 'quiet']);
    expect(step).toEqual({
      text: 'advance the clock to the next timer',
      at: iso(0),
      outcome: '1 fired',
      message: 'Fired for this order: push ×1.',
      exchange_ids: [],
    });
  });
});
