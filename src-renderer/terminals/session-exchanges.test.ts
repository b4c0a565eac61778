import { type Exchange } from '@shared/schemas/exchange.schema';
import { describe, expect, it } from 'vitest';
import { exchangesOfSession } from './session-exchanges';
import { sampleExchange } from '@shared/test-kit/records';

const read = { order_id: null, direction: 'in', kind: 'ipp.session.read', method: 'GET' } as const;
const exchange = (id: string, over: Partial<Exchange>): Exchange =>
  sampleExchange({ id, ...read, url: '/ipp/v1/sessions/x', at: '2025-01-01T00:00:00.000Z', ...over });

describe('exchangesOfSession', () => {
  const id = '4f1c2a9e-0000-4000-8000-000000000001';
  const list = [
    exchange('cancel', {
      kind: 'ipp.session.cancel',
      method: 'PUT',
      url: `http://127.0.0.1:1/ipp/v1/sessions/${id}/cancel`,
      at: '2025-01-01T00:00:03.000Z',
    }),
    exchange('other', { url: '/ipp/v1/sessions/another', at: '2025-01-01T00:00:02.000Z' }),
    exchange('order', {
      kind: 'checkout.order.create',
      url: '/checkout/v3/orders',
      response: { headers: {}, body: `{"merchant_reference1":"${id}"}` },
    }),
    exchange('create', {
      kind: 'ipp.session.create',
      method: 'POST',
      url: '/ipp/v1/sessions',
      response: { headers: {}, body: `{"session_id":"${id}"}` },
      at: '2025-01-01T00:00:01.000Z',
    }),
  ];

  it('finds the create call by its answer and the others by their URL, oldest first', () => {
    expect(exchangesOfSession([list], id).map((e) => e.id)).toEqual(['create', 'cancel']);
  });

  it("takes the calls filed under the session's id, and each call once from both lists", () => {
    const filed = [
      exchange('read', { order_id: id, url: '/ipp/v1/sessions/elsewhere', at: '2025-01-01T00:00:02.500Z' }),
      exchange('om', { order_id: id, kind: 'om.order.read', url: `/ordermanagement/v1/orders/${id}` }),
      list[0]!,
    ];
    expect(exchangesOfSession([filed, list], id).map((e) => e.id)).toEqual(['create', 'read', 'cancel']);
  });

  it('finds nothing for an empty id', () => {
    expect(exchangesOfSession([list], '')).toEqual([]);
  });
});
