// What the expectations are judged on, read from a recording simulator: the order's exchanges without the
// runner's own automation calls, each read that failed as null (the wait for the merchant to settle: settle-order.test.ts).
import { describe, expect, it } from 'vitest';
import { exchangesOf, gather } from './evidence';
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

// settleOrder (one read of the newest exchange per quiet period) is pinned in settle-order.test.ts.
