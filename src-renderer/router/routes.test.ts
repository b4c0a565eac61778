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

  it("reads the log's other filters, dropping values it does not know", () => {
    expect(parseHash('#/log?kind=push&dir=out&status=5xx&violations=1&q=shop')).toEqual({
      name: 'log',
      filter: { kind: 'push', direction: 'out', status: '5xx', violations: true, text: 'shop' },
    });
    expect(parseHash('#/log?dir=sideways&status=6xx&violations=yes&kind=')).toEqual({ name: 'log' });
  });

  it('reads the log filter from the query', () => {
    expect(parseHash('#/log')).toEqual({ name: 'log' });
    expect(parseHash('#/log?order=abc')).toEqual({ name: 'log', orderId: 'abc' });
    expect(parseHash('#/log?order=')).toEqual({ name: 'log' });
    expect(parseHash('#/log?other=1')).toEqual({ name: 'log' });
    expect(parseHash('#/log?order=abc&exchange=ex_1')).toEqual({
      name: 'log',
      orderId: 'abc',
      exchangeId: 'ex_1',
    });
  });

  it('reads the create form and the settings page', () => {
    expect(parseHash('#/orders/new')).toEqual({ name: 'order-new' });
    expect(parseHash('#/settings')).toEqual({ name: 'settings' });
    expect(parseHash('#/settings/x')).toEqual({ name: 'not-found', path: '/settings/x' });
  });

  it('reads the terminals page, with the session to unfold', () => {
    expect(parseHash('#/terminals')).toEqual({ name: 'terminals' });
    expect(parseHash('#/terminals?session=abc')).toEqual({ name: 'terminals', sessionId: 'abc' });
    expect(parseHash('#/terminals?session=')).toEqual({ name: 'terminals' });
    expect(parseHash('#/terminals/x')).toEqual({ name: 'not-found', path: '/terminals/x' });
  });

  it('reads the clients list and one client, decoding its id', () => {
    expect(parseHash('#/clients')).toEqual({ name: 'clients' });
    expect(parseHash('#/clients/')).toEqual({ name: 'clients' });
    expect(parseHash('#/clients/c-1')).toEqual({ name: 'client', clientId: 'c-1' });
    expect(parseHash('#/clients/a%20b')).toEqual({ name: 'client', clientId: 'a b' });
    expect(parseHash('#/clients/a/b')).toEqual({ name: 'not-found', path: '/clients/a/b' });
    expect(parseHash('#/clients/%E0%A4%A')).toEqual({ name: 'not-found', path: '/clients/%E0%A4%A' });
  });

  it('reads an order’s push timeline and the push overview', () => {
    expect(parseHash('#/orders/abc/timeline')).toEqual({ name: 'order-timeline', orderId: 'abc' });
    expect(parseHash('#/orders/a%20b/timeline')).toEqual({ name: 'order-timeline', orderId: 'a b' });
    expect(parseHash('#/orders/abc/other')).toEqual({ name: 'not-found', path: '/orders/abc/other' });
    expect(parseHash('#/orders/new/timeline')).toEqual({ name: 'not-found', path: '/orders/new/timeline' });
    expect(parseHash('#/push')).toEqual({ name: 'push' });
    expect(parseHash('#/push/x')).toEqual({ name: 'not-found', path: '/push/x' });
  });

  it('reads the shipping page and the conformance page, with the run to show', () => {
    expect(parseHash('#/shipping')).toEqual({ name: 'shipping' });
    expect(parseHash('#/shipping/x')).toEqual({ name: 'not-found', path: '/shipping/x' });
    expect(parseHash('#/conformance')).toEqual({ name: 'conformance' });
    expect(parseHash('#/conformance?run=conf_1')).toEqual({ name: 'conformance', runId: 'conf_1' });
    expect(parseHash('#/conformance?run=')).toEqual({ name: 'conformance' });
  });

  it('reads the scenarios page', () => {
    expect(parseHash('#/scenarios')).toEqual({ name: 'scenarios' });
    expect(parseHash('#/scenarios/x')).toEqual({ name: 'not-found', path: '/scenarios/x' });
  });

  it('reads the explore page', () => {
    expect(parseHash('#/explore')).toEqual({ name: 'explore' });
    expect(parseHash('#/explore/x')).toEqual({ name: 'not-found', path: '/explore/x' });
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
    { name: 'log', orderId: 'o1', exchangeId: 'ex 2' },
    { name: 'log', exchangeId: 'ex_3' },
    {
      name: 'log',
      orderId: 'o1',
      filter: { text: 'v3/orders', kind: 'checkout', direction: 'in', status: '4xx', outcome: 'NOT_FOUND' },
    },
    { name: 'log', filter: { violations: true }, exchangeId: 'ex_4' },
    { name: 'order-new' },
    { name: 'settings' },
    { name: 'terminals' },
    { name: 'terminals', sessionId: 's 1&x=y' },
    { name: 'clients' },
    { name: 'client', clientId: 'id/with space' },
    { name: 'shipping' },
    { name: 'conformance' },
    { name: 'conformance', runId: 'conf a&b' },
    { name: 'order-timeline', orderId: 'x/y z?' },
    { name: 'push' },
    { name: 'scenarios' },
    { name: 'explore' },
  ];
  it.each(routes)('round-trips %o', (route) => {
    expect(parseHash(formatRoute(route))).toEqual(route);
  });
});
