import { describe, expect, it } from 'vitest';
import { formatRoute, parseHash, type Route } from './routes';

describe('parseHash', () => {
  it('treats an empty hash and the root as the orders list', () => {
    expect(parseHash('')).toEqual({ name: 'orders' });
    expect(parseHash('#')).toEqual({ name: 'orders' });
    expect(parseHash('#/')).toEqual({ name: 'orders' });
    expect(parseHash('#/orders')).toEqual({ name: 'orders' });
    expect(parseHash('#/orders/')).toEqual({ name: 'orders' });
  });

  it('reads an order id, decoding it', () => {
    expect(parseHash('#/orders/abc-123')).toEqual({ name: 'order', orderId: 'abc-123' });
    expect(parseHash('#/orders/a%2Fb%20c')).toEqual({ name: 'order', orderId: 'a/b c' });
  });

  it('reads the log filter from the query', () => {
    expect(parseHash('#/log')).toEqual({ name: 'log' });
    expect(parseHash('#/log?order=abc')).toEqual({ name: 'log', orderId: 'abc' });
    expect(parseHash('#/log?order=')).toEqual({ name: 'log' });
    expect(parseHash('#/log?other=1')).toEqual({ name: 'log' });
  });

  it('reports unknown paths and malformed ids as not found', () => {
    expect(parseHash('#/nope')).toEqual({ name: 'not-found', path: '/nope' });
    expect(parseHash('#/orders/a/b')).toEqual({ name: 'not-found', path: '/orders/a/b' });
    expect(parseHash('#/orders/%E0%A4%A')).toEqual({ name: 'not-found', path: '/orders/%E0%A4%A' });
  });
});

describe('formatRoute', () => {
  const routes: Route[] = [
    { name: 'orders' },
    { name: 'order', orderId: 'x/y z?' },
    { name: 'log' },
    { name: 'log', orderId: 'a&b=c' },
  ];
  it.each(routes)('round-trips %o', (route) => {
    expect(parseHash(formatRoute(route))).toEqual(route);
  });
});
