import { describe, expect, it } from 'vitest';
import { type Exchange } from '@shared/schemas/exchange.schema';
import {
  displayHeaders,
  displayUrl,
  exchangeFailure,
  isFullOrderId,
  prettyBody,
  statusClass,
  statusWords,
} from './exchange-view';

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

describe('statusWords and exchangeFailure', () => {
  const e = (over: Partial<Exchange>) => ({
    kind: 'address_update',
    direction: 'out' as const,
    status: 200,
    outcome: 'applied',
    ...over,
  });
  it('says one wording for no answer, wherever it is shown', () => {
    expect(statusWords(e({ status: null }))).toBe('no answer');
    expect(statusWords(e({ status: 500 }))).toBe('500');
    expect(statusWords(e({ kind: 'client_event.load', status: null }))).toBe('told the page');
  });

  it('is the exchange’s own failure in the row’s words, or null', () => {
    expect(exchangeFailure(e({ status: 500, outcome: 'failed' }))).toEqual({
      status: '500',
      outcome: 'failed',
      sentence: 'Your server answered 500.',
    });
    expect(exchangeFailure(e({ status: null, outcome: 'timeout' }))?.sentence).toBe(
      'Your server gave no answer (timeout).',
    );
    expect(
      exchangeFailure(e({ direction: 'in', kind: 'checkout.read', status: 404, outcome: 'NOT_FOUND' }))
        ?.sentence,
    ).toBe('The simulator refused this request with 404 NOT_FOUND.');
    expect(exchangeFailure(e({}))).toBeNull();
    expect(exchangeFailure(e({ kind: 'client_event.load', status: null, outcome: 'load' }))).toBeNull();
  });
});
