import { describe, expect, it } from 'vitest';
import type { Exchange } from '@shared/schemas/exchange.schema';
import { settleOrder } from './evidence';
import type { SimApi } from './sim-api';

/*
 * The wait after each step for the merchant to be done reacting: it ends once the order's log stayed the
 * same for the quiet period, reading the log once per period (explore waits here after every step of
 * every journey, and each read is the order's whole log). The log here is a list the test grows.
 */

/** A simulator whose order log is `log()` at each read; `reads` counts the reads. */
function fakeSim(log: (read: number) => Exchange[]) {
  const s = { reads: 0, paths: [] as string[] };
  const sim = {
    ok: async (_method: string, path: string) => {
      s.paths.push(path);
      return { exchanges: log(s.reads++) };
    },
    call: async () => ({ status: 200, body: null }),
  } as unknown as SimApi;
  return { sim, s };
}

const ex = (kind: string): Exchange => ({ kind }) as Exchange;

describe('settleOrder', () => {
  it('reads the log twice, one quiet period apart, when nothing happens', async () => {
    const { sim, s } = fakeSim(() => [ex('checkout.create')]);
    await settleOrder(sim, 'o1', { quietMs: 400, maxMs: 5_000 });
    expect(s.reads).toBe(2);
    expect(s.paths[0]).toBe('/test_helpers/exchanges?order_id=o1');
  });

  it('waits another period after each change, until a period passes without one', async () => {
    // A callback lands after the first read, an acknowledgement after the second: quiet from the third.
    const { sim, s } = fakeSim((read) =>
      [ex('checkout.create'), ex('push'), ex('ordermanagement.acknowledge')].slice(0, 1 + Math.min(read, 2)),
    );
    await settleOrder(sim, 'o1', { quietMs: 20, maxMs: 5_000 });
    expect(s.reads).toBe(4);
  });

  it('does not count the runner’s own automation calls as the merchant reacting', async () => {
    const { sim, s } = fakeSim((read) => [
      ex('checkout.create'),
      ...Array.from({ length: read }, () => ex('test_helpers.address')),
    ]);
    await settleOrder(sim, 'o1', { quietMs: 20, maxMs: 5_000 });
    expect(s.reads).toBe(2);
  });

  it('gives up at maxMs when the log never stops changing', async () => {
    const { sim, s } = fakeSim((read) => Array.from({ length: read + 1 }, () => ex('push')));
    await settleOrder(sim, 'o1', { quietMs: 20, maxMs: 100 });
    // Once per period at most, and it ended: about maxMs / quietMs reads, never one every few ms.
    expect(s.reads).toBeGreaterThanOrEqual(2);
    expect(s.reads).toBeLessThanOrEqual(100 / 20 + 2);
  });
});
