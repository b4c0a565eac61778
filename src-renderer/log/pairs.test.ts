import { type Exchange } from '@shared/schemas/exchange.schema';
import { describe, expect, it } from 'vitest';
import { pairServed } from './pairs';
import { sampleExchange } from '@shared/test-kit/records';

const FAKE = 'http://127.0.0.1:4702';
const wallId = (ms: number, n = 0) =>
  `ex_${ms.toString(36).padStart(9, '0')}${n.toString(36).padStart(4, '0')}`;
const T = Date.UTC(2026, 0, 1);

const ex = (over: Partial<Exchange> & Pick<Exchange, 'id'>): Exchange =>
  sampleExchange({ kind: 'shipping.options', url: `${FAKE}/shippingoptions`, ...over });

const served = (id: string, url = '/shippingoptions', method = 'POST') =>
  ex({ id, direction: 'in', kind: 'integrator.shippingoptions', url, method });

describe('pairServed', () => {
  it('folds the fake integrator’s record into the call that caused it, keeping the order', () => {
    const list = [
      ex({ id: wallId(T + 20) }),
      served(wallId(T + 15)),
      ex({ id: wallId(T + 10), direction: 'in', kind: 'checkout.read', url: '/checkout/v3/orders/o1' }),
    ];
    const items = pairServed(list, FAKE);
    expect(items.map((i) => [i.exchange.id, i.served?.id])).toEqual([
      [wallId(T + 20), wallId(T + 15)],
      [wallId(T + 10), undefined],
    ]);
  });

  it('pairs each served record once, with the nearest call of the same method and path', () => {
    const list = [
      ex({ id: wallId(T + 30, 1), url: `${FAKE}/auth` }),
      served(wallId(T + 30, 0), '/auth'),
      ex({ id: wallId(T + 20) }),
      served(wallId(T + 19)),
      ex({ id: wallId(T + 10) }),
      served(wallId(T + 9)),
    ];
    const items = pairServed(list, FAKE);
    expect(items).toHaveLength(3);
    expect(items.map((i) => i.served?.url)).toEqual(['/auth', '/shippingoptions', '/shippingoptions']);
    expect(items[1]!.served!.id).toBe(wallId(T + 19));
    expect(items[2]!.served!.id).toBe(wallId(T + 9));
  });

  it('leaves calls to another integrator, and records too far apart, alone', () => {
    const list = [
      ex({ id: wallId(T + 10_000), url: 'https://tms.example/shippingoptions' }),
      served(wallId(T + 9_000)),
      ex({ id: wallId(T + 1000) }),
      served(wallId(T - 60_000)),
    ];
    expect(pairServed(list, FAKE).every((i) => i.served === undefined)).toBe(true);
    expect(pairServed(list, '')).toHaveLength(4);
  });
});
