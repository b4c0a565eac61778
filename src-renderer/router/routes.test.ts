import { describe, expect, it } from 'vitest';
import { formatRoute, parseHash, type Route } from './routes';

// Each case: a hash as the address bar holds it, and the route the console reads from it.
type HashCase = [hash: string, route: ReturnType<typeof parseHash>];

const PARSE_CASES: [name: string, cases: HashCase[]][] = [
  [
    'treats an empty hash and the root as the orders list',
    [
      ['', { name: 'orders' }],
      ['#', { name: 'orders' }],
      ['#/', { name: 'orders' }],
      ['#/orders', { name: 'orders' }],
      ['#/orders/', { name: 'orders' }],
    ],
  ],
  [
    'reads an order id, decoding it',
    [
      ['#/orders/abc-123', { name: 'order', orderId: 'abc-123' }],
      ['#/orders/a%2Fb%20c', { name: 'order', orderId: 'a/b c' }],
    ],
  ],
  [
    "reads the log's other filters, dropping values it does not know",
    [
      [
        '#/log?kind=push&dir=out&status=5xx&violations=1&q=shop',
        {
          name: 'log',
          filter: { kind: 'push', direction: 'out', status: '5xx', violations: true, text: 'shop' },
        },
      ],
      ['#/log?dir=sideways&status=6xx&violations=yes&kind=', { name: 'log' }],
    ],
  ],
  [
    'reads the log filter from the query',
    [
      ['#/log', { name: 'log' }],
      ['#/log?order=abc', { name: 'log', orderId: 'abc' }],
      ['#/log?order=', { name: 'log' }],
      ['#/log?other=1', { name: 'log' }],
      ['#/log?order=abc&exchange=ex_1', { name: 'log', orderId: 'abc', exchangeId: 'ex_1' }],
    ],
  ],
  [
    'reads the create form and the settings page',
    [
      ['#/orders/new', { name: 'order-new' }],
      ['#/settings', { name: 'settings' }],
      ['#/settings/x', { name: 'not-found', path: '/settings/x' }],
    ],
  ],
  [
    'reads the terminals page, with the session to unfold',
    [
      ['#/terminals', { name: 'terminals' }],
      ['#/terminals?session=abc', { name: 'terminals', sessionId: 'abc' }],
      ['#/terminals?session=', { name: 'terminals' }],
      ['#/terminals/x', { name: 'not-found', path: '/terminals/x' }],
    ],
  ],
  [
    'reads the clients list and one client, decoding its id',
    [
      ['#/clients', { name: 'clients' }],
      ['#/clients/', { name: 'clients' }],
      ['#/clients/c-1', { name: 'client', clientId: 'c-1' }],
      ['#/clients/a%20b', { name: 'client', clientId: 'a b' }],
      ['#/clients/a/b', { name: 'not-found', path: '/clients/a/b' }],
      ['#/clients/%E0%A4%A', { name: 'not-found', path: '/clients/%E0%A4%A' }],
    ],
  ],
  [
    'reads an order’s push timeline and the push overview',
    [
      ['#/orders/abc/timeline', { name: 'order-timeline', orderId: 'abc' }],
      ['#/orders/a%20b/timeline', { name: 'order-timeline', orderId: 'a b' }],
      ['#/orders/abc/other', { name: 'not-found', path: '/orders/abc/other' }],
      ['#/orders/new/timeline', { name: 'not-found', path: '/orders/new/timeline' }],
      ['#/push', { name: 'push' }],
      ['#/push/x', { name: 'not-found', path: '/push/x' }],
    ],
  ],
  [
    'reads the shipping page and the conformance page, with the run to show',
    [
      ['#/shipping', { name: 'shipping' }],
      ['#/shipping/x', { name: 'not-found', path: '/shipping/x' }],
      ['#/conformance', { name: 'conformance' }],
      ['#/conformance?run=conf_1', { name: 'conformance', runId: 'conf_1' }],
      ['#/conformance?run=', { name: 'conformance' }],
    ],
  ],
  [
    'reads the scenarios page',
    [
      ['#/scenarios', { name: 'scenarios' }],
      ['#/scenarios/x', { name: 'not-found', path: '/scenarios/x' }],
    ],
  ],
  [
    'reads the explore page',
    [
      ['#/explore', { name: 'explore' }],
      ['#/explore/x', { name: 'not-found', path: '/explore/x' }],
    ],
  ],
  [
    'reports unknown paths and malformed ids as not found',
    [
      ['#/nope', { name: 'not-found', path: '/nope' }],
      ['#/orders/a/b', { name: 'not-found', path: '/orders/a/b' }],
      ['#/orders/%E0%A4%A', { name: 'not-found', path: '/orders/%E0%A4%A' }],
    ],
  ],
];

describe('parseHash', () => {
  it.each(PARSE_CASES)('%s', (_name, cases) => {
    for (const [hash, route] of cases) expect(parseHash(hash), hash).toEqual(route);
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
