import { type Exchange } from '@shared/schemas/exchange.schema';
import { describe, expect, it } from 'vitest';
import {
  displayHeaders,
  displayUrl,
  filterExchanges,
  isFullOrderId,
  prettyBody,
  statusClass,
} from './exchange-view';

const exchange = (
  id: string,
  order_id: string | null,
  url = 'http://127.0.0.1:4700/checkout/v3/orders',
): Exchange => ({
  id,
  order_id,
  direction: 'in',
  kind: 'checkout.create',
  method: 'POST',
  url,
  status: 201,
  duration_ms: 3,
  at: '2025-01-01T00:00:00.000Z',
  request: { headers: {}, body: null },
  response: { headers: {}, body: null },
  outcome: null,
  violations: [],
});

describe('filterExchanges', () => {
  const list = [
    exchange('1', 'abc-123'),
    exchange('2', null, 'http://x/checkout/v3/orders/zzz-9'),
    exchange('3', 'def'),
  ];

  it('keeps everything for a blank filter', () => {
    expect(filterExchanges(list, '  ')).toHaveLength(3);
  });

  it('matches the order id, case-insensitively and in part', () => {
    expect(filterExchanges(list, 'ABC').map((e) => e.id)).toEqual(['1']);
  });

  it('matches an id found only in the URL', () => {
    expect(filterExchanges(list, 'zzz-9').map((e) => e.id)).toEqual(['2']);
  });
});

describe('prettyBody', () => {
  it('pretty-prints JSON and leaves other text alone', () => {
    expect(prettyBody('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(prettyBody('not json')).toBe('not json');
    expect(prettyBody(null)).toBe('');
  });
});

describe('displayHeaders', () => {
  const headers = { 'content-type': 'application/json', Authorization: 'Basic bWVyY2hhbnQ6c2VjcmV0' };

  it('masks credentials but keeps the scheme', () => {
    expect(displayHeaders(headers, false, '***')).toEqual([
      ['Authorization', 'Basic ***'],
      ['content-type', 'application/json'],
    ]);
  });

  it('shows them when revealed', () => {
    expect(displayHeaders(headers, true, '***')[0]).toEqual(['Authorization', 'Basic bWVyY2hhbnQ6c2VjcmV0']);
  });
});

describe('isFullOrderId', () => {
  it('is true only for a whole UUID, spaces around allowed', () => {
    expect(isFullOrderId(' 210d5ed1-d8ab-4d16-a4ef-b9ae02e682e5 ')).toBe(true);
    expect(isFullOrderId('210d5ed1-d8ab-4d16-a4ef')).toBe(false);
    expect(isFullOrderId('')).toBe(false);
  });
});

describe('displayUrl', () => {
  it('shows the path of inbound calls and the whole URL of outbound ones', () => {
    expect(displayUrl({ direction: 'in', url: 'http://127.0.0.1:4700/checkout/v3/orders?x=1' })).toBe(
      '/checkout/v3/orders?x=1',
    );
    expect(displayUrl({ direction: 'out', url: 'https://example.com/push' })).toBe(
      'https://example.com/push',
    );
  });
});

describe('statusClass', () => {
  it('groups statuses', () => {
    expect([201, 302, 404, 503, null].map(statusClass)).toEqual([
      'ok',
      'redirect',
      'client',
      'server',
      'none',
    ]);
  });
});
