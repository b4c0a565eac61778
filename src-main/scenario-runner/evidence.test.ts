// What the expectations are judged on, read from a recording simulator: the order's exchanges without the
// runner's own automation calls, each read that failed as null, and the wait for the merchant to settle.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { exchangesOf, gather, settleOrder } from './evidence';
import type { SimApi } from './sim-api';

const kinds = (...ks: string[]) => ({ exchanges: ks.map((kind, i) => ({ id: `x${i}`, kind })) });

function sim(answers: Record<string, { status: number; body: unknown }>, exchanges: () => unknown) {
  const paths: string[] = [];
  const api = {
    call: async (method: string, path: string) => {
      paths.push(`${method} ${path}`);
      return answers[path] ?? { status: 404, body: null };
    },
    ok: async (method: string, path: string) => {
      paths.push(`${method} ${path}`);
      return exchanges();
    },
  } as unknown as SimApi;
  return { api, paths };
}

describe('exchangesOf', () => {
  it('reads the order’s log, leaving out the runner’s own test_helpers calls', async () => {
    const s = sim({}, () => kinds('checkout.create', 'test_helpers.clock', 'push', 'test_helpersx'));
    expect((await exchangesOf(s.api, 'o 1/2')).map((x) => x.kind)).toEqual([
      'checkout.create',
      'push',
      'test_helpersx',
    ]);
    expect(s.paths).toEqual(['GET /test_helpers/exchanges?order_id=o%201%2F2']);
  });
});

describe('gather', () => {
  it('reads the push timeline, the order management order and the view; null for any not 200', async () => {
    const id = 'o%2F1';
    const s = sim(
      {
        [`/test_helpers/orders/${id}/push`]: { status: 200, body: { attempts: [] } },
        [`/test_helpers/orders/${id}`]: { status: 200, body: { order: { status: 'AUTHORIZED' } } },
        [`/test_helpers/checkout/orders/${id}`]: { status: 201, body: { step: 'x' } },
      },
      () => kinds('push'),
    );
    expect(await gather(s.api, 'o/1')).toEqual({
      exchanges: [{ id: 'x0', kind: 'push' }],
      push: { attempts: [] },
      om: { status: 'AUTHORIZED' },
      view: null,
    });
    expect(s.paths.toSorted()).toEqual([
      `GET /test_helpers/checkout/orders/${id}`,
      'GET /test_helpers/exchanges?order_id=o%2F1',
      `GET /test_helpers/orders/${id}`,
      `GET /test_helpers/orders/${id}/push`,
    ]);
    const orderless = sim({ [`/test_helpers/orders/o1`]: { status: 200, body: {} } }, () => kinds());
    expect(await gather(orderless.api, 'o1')).toEqual({ exchanges: [], push: null, om: null, view: null });
    const none = sim({}, () => kinds());
    expect(await gather(none.api, 'o1')).toEqual({ exchanges: [], push: null, om: null, view: null });
  });
});

describe('settleOrder', () => {
  // Fake timers (Date and setTimeout): the reads happen at exact moments, 50 ms apart.
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('returns once the log has not changed for the quiet period, and not before', async () => {
    let reads = 0;
    const s = sim({}, () => {
      reads += 1;
      return kinds('push', 'push');
    });
    let done = false;
    void settleOrder(s.api, 'o1', { quietMs: 200, maxMs: 5000 }).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(199);
    expect([done, reads]).toEqual([false, 4]);
    await vi.advanceTimersByTimeAsync(1);
    expect([done, reads]).toEqual([true, 5]);
  });

  it('gives up at the longest wait when the log keeps changing', async () => {
    let reads = 0;
    const s = sim({}, () => kinds(...Array((reads += 1)).fill('push')));
    let done = false;
    void settleOrder(s.api, 'o1', { quietMs: 1000, maxMs: 200 }).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(250);
    // Read at 0, 50, 100 and 150 ms; at 200 the longest wait is over.
    expect([done, reads]).toEqual([true, 4]);
  });
});
