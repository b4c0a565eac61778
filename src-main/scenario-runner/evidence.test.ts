// What the expectations are judged on, read from a recording simulator: the order's exchanges without the
// runner's own automation calls, each read that failed as null, and the wait for the merchant to settle.
import { describe, expect, it } from 'vitest';
import { exchangesOf, gather, settleOrder } from './evidence';
import type { SimApi } from './sim-api';

const kinds = (...ks: string[]) => ({ exchanges: ks.map((kind, i) => ({ id: `x${i}`, kind })) });

function sim(answers: Record<string, { status: number; body: unknown }>, exchanges: () => unknown) {
  const paths: string[] = [];
  const api = {
    call: async (_m: string, path: string) => {
      paths.push(path);
      return answers[path] ?? { status: 404, body: null };
    },
    ok: async (_m: string, path: string) => {
      paths.push(path);
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
    expect(s.paths).toEqual(['/test_helpers/exchanges?order_id=o%201%2F2']);
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
    const none = sim({ [`/test_helpers/orders/o1`]: { status: 200, body: {} } }, () => kinds());
    expect(await gather(none.api, 'o1')).toEqual({ exchanges: [], push: null, om: null, view: null });
  });
});

describe('settleOrder', () => {
  it('returns once the log has not changed for the quiet period', async () => {
    let reads = 0;
    const s = sim({}, () => {
      reads += 1;
      return kinds(...Array(Math.min(reads, 3)).fill('push'));
    });
    await settleOrder(s.api, 'o1', { quietMs: 30, maxMs: 5000 });
    expect(reads).toBeGreaterThanOrEqual(4);
    expect(reads).toBeLessThan(50);
  });

  it('gives up after the longest wait when the log keeps changing', async () => {
    let reads = 0;
    const s = sim({}, () => kinds(...Array((reads += 1)).fill('push')));
    const started = Date.now();
    await settleOrder(s.api, 'o1', { quietMs: 10_000, maxMs: 200 });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(reads).toBeGreaterThanOrEqual(2);
  });
});
