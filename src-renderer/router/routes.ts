/** The console's pages, as parsed from `location.hash`. */
export type Route =
  | { name: 'orders' }
  | { name: 'order'; orderId: string }
  | { name: 'log'; orderId?: string }
  | { name: 'not-found'; path: string };

/**
 * Parses a hash such as `#/orders/abc` or `#/log?order=abc` into a Route.
 * An empty hash is the orders list, the home page.
 */
export function parseHash(hash: string): Route {
  const raw = hash.replace(/^#/, '');
  const [pathPart = '', queryPart = ''] = splitOnce(raw, '?');
  const segments = pathPart.split('/').filter((s) => s !== '');
  const query = new URLSearchParams(queryPart);

  if (segments.length === 0) return { name: 'orders' };
  const [head, id, ...rest] = segments;
  if (head === 'orders' && id === undefined) return { name: 'orders' };
  if (head === 'orders' && id !== undefined && rest.length === 0) {
    const orderId = safeDecode(id);
    if (orderId !== null && orderId !== '') return { name: 'order', orderId };
  }
  if (head === 'log' && id === undefined) {
    const orderId = query.get('order')?.trim();
    return orderId ? { name: 'log', orderId } : { name: 'log' };
  }
  return { name: 'not-found', path: '/' + segments.join('/') };
}

/** The hash (with its `#`) that leads to a route; `parseHash(formatRoute(r))` gives `r` back. */
export function formatRoute(route: Route): string {
  switch (route.name) {
    case 'orders':
      return '#/orders';
    case 'order':
      return `#/orders/${encodeURIComponent(route.orderId)}`;
    case 'log':
      return route.orderId ? `#/log?${new URLSearchParams({ order: route.orderId }).toString()}` : '#/log';
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
