/** The console's pages, as parsed from `location.hash`. */
export type Route =
  | { name: 'orders' }
  | { name: 'order-new' }
  | { name: 'order'; orderId: string }
  | { name: 'order-timeline'; orderId: string }
  | { name: 'push' }
  | { name: 'log'; orderId?: string; exchangeId?: string }
  | { name: 'settings' }
  | { name: 'terminals'; sessionId?: string }
  | { name: 'clients' }
  | { name: 'client'; clientId: string }
  | { name: 'shipping' }
  | { name: 'conformance'; runId?: string }
  | { name: 'scenarios' }
  | { name: 'not-found'; path: string };

/**
 * Parses a hash such as `#/orders/abc` or `#/log?order=abc&exchange=ex_1` into a Route.
 * An empty hash is the orders list, the home page. `#/orders/new` is the create form (order ids are UUIDs).
 */
export function parseHash(hash: string): Route {
  const raw = hash.replace(/^#/, '');
  const [pathPart = '', queryPart = ''] = splitOnce(raw, '?');
  const segments = pathPart.split('/').filter((s) => s !== '');
  const query = new URLSearchParams(queryPart);

  if (segments.length === 0) return { name: 'orders' };
  const [head, id, ...rest] = segments;
  if (head === 'orders' && id === undefined) return { name: 'orders' };
  if (head === 'orders' && id === 'new' && rest.length === 0) return { name: 'order-new' };
  if (head === 'orders' && id !== undefined && rest.length === 0) {
    const orderId = safeDecode(id);
    if (orderId !== null && orderId !== '') return { name: 'order', orderId };
  }
  if (head === 'orders' && id !== undefined && id !== 'new' && rest.length === 1 && rest[0] === 'timeline') {
    const orderId = safeDecode(id);
    if (orderId !== null && orderId !== '') return { name: 'order-timeline', orderId };
  }
  if (head === 'push' && id === undefined) return { name: 'push' };
  if (head === 'log' && id === undefined) {
    const orderId = query.get('order')?.trim();
    const exchangeId = query.get('exchange')?.trim();
    return { name: 'log', ...(orderId ? { orderId } : {}), ...(exchangeId ? { exchangeId } : {}) };
  }
  if (head === 'settings' && id === undefined) return { name: 'settings' };
  if (head === 'scenarios' && id === undefined) return { name: 'scenarios' };
  if (head === 'terminals' && id === undefined) {
    const sessionId = query.get('session')?.trim();
    return { name: 'terminals', ...(sessionId ? { sessionId } : {}) };
  }
  if (head === 'clients' && id === undefined) return { name: 'clients' };
  if (head === 'clients' && id !== undefined && rest.length === 0) {
    const clientId = safeDecode(id);
    if (clientId !== null && clientId !== '') return { name: 'client', clientId };
  }
  if (head === 'shipping' && id === undefined) return { name: 'shipping' };
  if (head === 'conformance' && id === undefined) {
    const runId = query.get('run')?.trim();
    return { name: 'conformance', ...(runId ? { runId } : {}) };
  }
  return { name: 'not-found', path: '/' + segments.join('/') };
}

/** The hash (with its `#`) that leads to a route; `parseHash(formatRoute(r))` gives `r` back. */
export function formatRoute(route: Route): string {
  switch (route.name) {
    case 'orders':
      return '#/orders';
    case 'order-new':
      return '#/orders/new';
    case 'order':
      return `#/orders/${encodeURIComponent(route.orderId)}`;
    case 'order-timeline':
      return `#/orders/${encodeURIComponent(route.orderId)}/timeline`;
    case 'push':
      return '#/push';
    case 'log': {
      const query = new URLSearchParams();
      if (route.orderId) query.set('order', route.orderId);
      if (route.exchangeId) query.set('exchange', route.exchangeId);
      const q = query.toString();
      return q ? `#/log?${q}` : '#/log';
    }
    case 'settings':
      return '#/settings';
    case 'terminals':
      return route.sessionId
        ? `#/terminals?${new URLSearchParams({ session: route.sessionId }).toString()}`
        : '#/terminals';
    case 'clients':
      return '#/clients';
    case 'client':
      return `#/clients/${encodeURIComponent(route.clientId)}`;
    case 'shipping':
      return '#/shipping';
    case 'conformance':
      return route.runId
        ? `#/conformance?${new URLSearchParams({ run: route.runId }).toString()}`
        : '#/conformance';
    case 'scenarios':
      return '#/scenarios';
    case 'not-found':
      return `#${route.path}`;
  }
}

function splitOnce(s: string, sep: string): [string, string] {
  const i = s.indexOf(sep);
  return i < 0 ? [s, ''] : [s.slice(0, i), s.slice(i + 1)];
}

function safeDecode(s: string): string | null {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
}
