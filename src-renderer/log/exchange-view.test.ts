import { describe, expect, it } from 'vitest';
import { displayHeaders, displayUrl, isFullOrderId, prettyBody, statusClass } from './exchange-view';

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
