import { afterEach, describe, expect, it, vi } from 'vitest';
import { settleOrder } from './evidence';
import type { SimApi } from './sim-api';

/*
 * The wait after each step for the merchant to be done reacting: it ends once the order's log stayed the
 * same for the quiet period, reading once per period and only the order's newest exchange (explore waits
 * here after every step of every journey; the whole log is read once, for the evidence). The log here is
 * a list of exchange ids the test grows.
 */

/** A simulator whose order log is `log(read)` at each read; what was asked is kept. */
function fakeSim(log: (read: number) => string[]) {
  const s = { reads: 0, asked: [] as { method: string; path: string; body: unknown }[] };
  const sim = {
    ok: async (method: string, path: string, body?: unknown) => {
      s.asked.push({ method, path, body });
      const ids = log(s.reads++);
      // The log's search: newest first, at most `limit`.
      const limit = (body as { limit?: number } | undefined)?.limit ?? 200;
      return {
        exchanges: [...ids]
          .reverse()
          .slice(0, limit)
          .map((id) => ({ id })),
        next: null,
        scanned: 0,
      };
    },
    call: async () => ({ status: 200, body: null }),
  } as unknown as SimApi;
  return { sim, s };
}

describe('settleOrder', () => {
  it('reads twice, one quiet period apart, when nothing happens; each read is the newest exchange only', async () => {
    const { sim, s } = fakeSim(() => ['ex_1']);
    await settleOrder(sim, 'o1', { quietMs: 400, maxMs: 5_000 });
    expect(s.reads).toBe(2);
    expect(s.asked[0]).toEqual({
      method: 'POST',
      path: '/test_helpers/exchanges/search',
      body: { orderId: 'o1', limit: 1 },
    });
  });

  it('waits another period after each change, until a period passes without one', async () => {
    // A push lands after the first read, the acknowledgement after the second: quiet from the third.
    const { sim, s } = fakeSim((read) => ['ex_1', 'ex_2', 'ex_3'].slice(0, 1 + Math.min(read, 2)));
    await settleOrder(sim, 'o1', { quietMs: 20, maxMs: 5_000 });
    expect(s.reads).toBe(4);
  });

  it('sees the first exchange of an order that had none', async () => {
    const { sim, s } = fakeSim((read) => (read === 0 ? [] : ['ex_1']));
    await settleOrder(sim, 'o1', { quietMs: 20, maxMs: 5_000 });
    expect(s.reads).toBe(3);
  });

  it('gives up at maxMs when the log never stops changing', async () => {
    const { sim, s } = fakeSim((read) => Array.from({ length: read + 1 }, (_, i) => `ex_${i}`));
    await settleOrder(sim, 'o1', { quietMs: 20, maxMs: 100 });
    // Once per period at most, and it ended: about maxMs / quietMs reads, never one every few ms.
    expect(s.reads).toBeGreaterThanOrEqual(2);
    expect(s.reads).toBeLessThanOrEqual(100 / 20 + 2);
  });

  describe('on a fake clock (vitest’s, Date.now included)', () => {
    afterEach(() => void vi.useRealTimers());

    it('ends exactly at maxMs: the last wait is cut to the time left, and no read comes after it', async () => {
      vi.useFakeTimers({ now: 0 });
      const { sim, s } = fakeSim((read) => Array.from({ length: read + 1 }, (_, i) => `ex_${i}`));
      const done = settleOrder(sim, 'o1', { quietMs: 40, maxMs: 100 });
      await vi.runAllTimersAsync();
      await done;
      // Reads at 0, 40, 80 and 100 ms (the last wait 20 ms, not a whole period).
      expect(s.reads).toBe(4);
      expect(Date.now()).toBe(100);
    });
  });
});
