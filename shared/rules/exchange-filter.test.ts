import { describe, expect, it } from 'vitest';
import type { Exchange, ExchangeFilter } from '../schemas/exchange.schema';
import {
  isConsoleCall,
  isFiltered,
  kindMatches,
  matchesExchange,
  statusClassOf,
  wallTimeOfExchange,
} from './exchange-filter';

const ex = (over: Partial<Exchange> = {}): Exchange => ({
  id: 'ex_0mwvp1gkn0000',
  order_id: '0b0eae65-5690-40cc-9ad6-2ee92e881752',
  direction: 'in',
  kind: 'checkout.read',
  method: 'GET',
  url: '/checkout/v3/orders/0b0eae65-5690-40cc-9ad6-2ee92e881752',
  status: 200,
  duration_ms: 1,
  at: '2026-11-25T05:41:01.478Z',
  request: { headers: {}, body: null },
  response: { headers: {}, body: null },
  outcome: null,
  violations: [],
  ...over,
});

describe('statusClassOf', () => {
  it('classes statuses, no answer included', () => {
    expect([200, 204, 303, 404, 409, 500, null].map(statusClassOf)).toEqual([
      '2xx',
      '2xx',
      '3xx',
      '4xx',
      '4xx',
      '5xx',
      'none',
    ]);
  });
});

describe('statusClassOf at the edges of each class', () => {
  it.each<[number, string]>([
    [299, '2xx'],
    [300, '3xx'],
    [399, '3xx'],
    [400, '4xx'],
    [499, '4xx'],
    [500, '5xx'],
  ])('%i is %s', (status, cls) => {
    expect(statusClassOf(status)).toBe(cls);
  });
});

describe('kindMatches', () => {
  it('matches a kind and its family, not a longer word', () => {
    expect(kindMatches('checkout', 'checkout.read')).toBe(true);
    expect(kindMatches('checkout.', 'checkout.read')).toBe(true);
    expect(kindMatches('checkout.*', 'checkout.read')).toBe(true);
    expect(kindMatches('checkout.read', 'checkout.read')).toBe(true);
    expect(kindMatches('checkout', 'checkouts.read')).toBe(false);
    expect(kindMatches('Address_Update', 'address_update')).toBe(true);
  });

  it.each([
    [' checkout ', 'checkout.read'],
    ['', 'push'],
    ['checkout', 'CHECKOUT.READ'],
  ])('filter %j takes kind %j', (filter, kind) => expect(kindMatches(filter, kind)).toBe(true));
  it.each([
    ['checkout.read', 'checkout'],
    ['read', 'checkout.read'],
    ['checkout.**', 'checkout.read'],
    ['out', 'checkout'],
    ['checkout*', 'checkout.read'],
  ])('filter %j leaves out kind %j', (filter, kind) => expect(kindMatches(filter, kind)).toBe(false));
});

describe('matchesExchange', () => {
  it('passes everything with no filter', () => {
    expect(matchesExchange({}, ex())).toBe(true);
    expect(isFiltered({})).toBe(false);
    expect(isFiltered({ kind: ' ' })).toBe(false);
  });

  it('needs every filter that is set', () => {
    const e = ex({ direction: 'out', kind: 'push', status: 500, outcome: 'bad_status' });
    expect(matchesExchange({ direction: 'out', kind: 'push', status: '5xx', outcome: 'BAD_STATUS' }, e)).toBe(
      true,
    );
    expect(matchesExchange({ direction: 'in' }, e)).toBe(false);
    expect(matchesExchange({ status: '4xx' }, e)).toBe(false);
    expect(matchesExchange({ outcome: 'delivered' }, e)).toBe(false);
    expect(matchesExchange({ status: 'none' }, ex({ status: null }))).toBe(true);
  });

  it('finds text in the URL and part of the order id', () => {
    expect(matchesExchange({ text: 'V3/ORDERS' }, ex())).toBe(true);
    expect(matchesExchange({ text: 'ordermanagement' }, ex())).toBe(false);
    expect(matchesExchange({ order: '0b0eae65' }, ex())).toBe(true);
    expect(matchesExchange({ order: '0b0eae65' }, ex({ order_id: null }))).toBe(false);
  });

  it('keeps only exchanges that broke a rule when asked', () => {
    const broke = ex({ violations: [{ rule: 'r', path: 'p', message: 'm' }] });
    expect(matchesExchange({ violations: true }, broke)).toBe(true);
    expect(matchesExchange({ violations: true }, ex())).toBe(false);
    expect(matchesExchange({ violations: false }, ex())).toBe(true);
  });
});

describe('one filter at a time', () => {
  it.each<[string, ExchangeFilter, Partial<Exchange>, boolean]>([
    ['kind, not matching', { kind: 'push' }, {}, false],
    ['kind, blank', { kind: '  ' }, {}, true],
    ['outcome, no outcome recorded', { outcome: 'delivered' }, {}, false],
    ['outcome, trimmed', { outcome: ' Delivered ' }, { outcome: 'delivered' }, true],
    ['outcome, blank', { outcome: ' ' }, { outcome: 'delivered' }, true],
    ['text, trimmed and any case', { text: ' /Checkout/ ' }, {}, true],
    ['text, blank', { text: ' ' }, {}, true],
    ['order, any case and trimmed', { order: ' 0B0EAE65 ' }, {}, true],
    ['order, not matching', { order: 'ffff' }, {}, false],
    ['order, blank', { order: '' }, { order_id: null }, true],
    ['order, none recorded', { order: 'e' }, { order_id: null }, false],
    ['direction, matching', { direction: 'in' }, {}, true],
  ])('%s', (_, filter, over, passes) => {
    expect(matchesExchange(filter, ex(over))).toBe(passes);
  });

  it.each<[ExchangeFilter, boolean]>([
    [{ kind: 'push' }, true],
    [{ direction: 'in' }, true],
    [{ outcome: 'x' }, true],
    [{ status: '2xx' }, true],
    [{ violations: true }, true],
    [{ violations: false }, false],
    [{ text: 'x' }, true],
    [{ order: 'x' }, true],
    [{ text: ' ', order: '', outcome: '' }, false],
  ])('isFiltered(%j) is %s', (filter, filtered) => {
    expect(isFiltered(filter)).toBe(filtered);
  });
});

describe('wallTimeOfExchange', () => {
  it('reads the milliseconds an id was made at', () => {
    const ms = Date.UTC(2025, 10, 25, 5, 41, 1, 478);
    const id = `ex_${ms.toString(36).padStart(9, '0')}0003`;
    expect(wallTimeOfExchange(id)).toBe(ms);
    expect(wallTimeOfExchange('not-an-id')).toBeNull();
  });

  it.each([
    'ex_0mwvp1gkn000',
    'ex_0mwvp1gkn00000',
    'xex_0mwvp1gkn0000',
    'ex_0mwvp1gkN0000',
    'ex_0mwvp1gk-0000',
  ])('reads no time from %s', (id) => {
    expect(wallTimeOfExchange(id)).toBeNull();
  });
});

describe('isConsoleCall', () => {
  it('reads the marker header of an inbound call, any case', () => {
    expect(isConsoleCall(ex({ request: { headers: { 'X-Sim-Caller': 'console' }, body: null } }))).toBe(true);
    expect(isConsoleCall(ex())).toBe(false);
    expect(
      isConsoleCall(
        ex({ direction: 'out', request: { headers: { 'x-sim-caller': 'console' }, body: null } }),
      ),
    ).toBe(false);
  });

  it.each<[Record<string, string>, boolean]>([
    [{ 'x-sim-caller': 'shop' }, false],
    [{ accept: 'console' }, false],
    [{ accept: 'x', 'x-sim-caller': 'console' }, true],
  ])('headers %j: %s', (headers, console) => {
    expect(isConsoleCall(ex({ request: { headers, body: null } }))).toBe(console);
  });
});
