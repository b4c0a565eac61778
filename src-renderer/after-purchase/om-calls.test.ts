import { type Exchange } from '@shared/schemas/exchange.schema';
import { describe, expect, it } from 'vitest';
import { omCallLabel, omCallPath, omCalls, shortOmPath } from './om-calls';

const ID = 'c3ba2e80-8f58-4670-805a-3a9271d5bb7e';
const ex = (id: string, kind: string, at: string, direction: 'in' | 'out' = 'in'): Exchange => ({
  id,
  order_id: ID,
  direction,
  kind,
  method: 'GET',
  url: `/ordermanagement/v1/orders/${ID}`,
  status: 200,
  duration_ms: 1,
  at,
  request: { headers: {}, body: null },
  response: { headers: {}, body: null },
  outcome: null,
  violations: [],
});

describe('omCalls', () => {
  it('keeps the merchant’s order management calls, oldest first, in the log’s order when times tie', () => {
    const at = '2026-01-01T00:02:00Z';
    const calls = omCalls([
      ex('x9', 'ordermanagement.acknowledge', at),
      ex('x1', 'ordermanagement.merchant_references', at),
      ex('e3', 'push', at, 'out'),
      ex('x5', 'ordermanagement.read', at),
      ex('e1', 'checkout.create', '2026-01-01T00:00:00Z'),
      ex('e0', 'ordermanagementx', '2026-01-01T00:00:00Z'),
    ]);
    expect(calls.map((c) => c.id)).toEqual(['x5', 'x1', 'x9']);
  });
});

describe('omCallLabel and omCallPath', () => {
  it.each([
    ['ordermanagement.read', 'fetch the order'],
    ['ordermanagement.acknowledge', 'acknowledge'],
    ['ordermanagement.capture.extend_due_date', 'extend a due date'],
    ['ordermanagement.something_new', 'something new'],
  ])('say what a call was: %s is "%s"', (kind, label) => {
    expect(omCallLabel(kind)).toBe(label);
  });

  it('show the path with the order id as the spec writes it', () => {
    expect(omCallPath(`http://127.0.0.1:4700/ordermanagement/v1/orders/${ID}/acknowledge`, ID)).toBe(
      '/ordermanagement/v1/orders/{order_id}/acknowledge',
    );
    expect(omCallPath(`/ordermanagement/v1/orders/${ID}`, ID)).toBe('/ordermanagement/v1/orders/{order_id}');
    expect(shortOmPath('/ordermanagement/v1/orders/{order_id}/captures')).toBe('…/{order_id}/captures');
    expect(shortOmPath('/elsewhere')).toBe('/elsewhere');
  });
});
