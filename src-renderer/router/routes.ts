import { STATUS_CLASSES, type ExchangeFilter, type StatusClass } from '@shared/schemas/exchange.schema';

/** The log page's filters besides the order id, as they live in its address (so a view can be shared). */
export type LogFilter = Omit<ExchangeFilter, 'order'>;

/** The console's pages, as parsed from `location.hash`. */
export type Route =
  | { name: 'orders' }
  | { name: 'order-new' }
  | { name: 'order'; orderId: string }
  | { name: 'order-timeline'; orderId: string }
  | { name: 'push' }
  | { name: 'log'; orderId?: string; exchangeId?: string; filter?: LogFilter }
  | { name: 'settings' }
  | { name: 'terminals'; sessionId?: string }
  | { name: 'clients' }
  | { name: 'client'; clientId: string }
  | { name: 'shipping' }
  | { name: 'conformance'; runId?: string }
  | { name: 'scenarios' }
  | { name: 'explore' }
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
    const filter = parseLogFilter(query);
    return {
      name: 'log',
      ...(orderId ? { orderId } : {}),
      ...(exchangeId ? { exchangeId } : {}),
      ...(filter ? { filter } : {}),
    };
  }
  if (head === 'settings' && id === undefined) return { name: 'settings' };
  if (head === 'scenarios' && id === undefined) return { name: 'scenarios' };
  if (head === 'explore' && id === undefined) return { name: 'explore' };
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

/** `#` and the path, with the query's non-empty values after a `?` (none: no `?`), in the order given. */
function hashOf(path: string, query: Record<string, string | undefined> = {}): string {
  const set = Object.entries(query).filter((e): e is [string, string] => !!e[1]);
  const q = new URLSearchParams(set).toString();
  return q ? `#${path}?${q}` : `#${path}`;
}

/** The hash (with its `#`) that leads to a route; `parseHash(formatRoute(r))` gives `r` back. */
export function formatRoute(route: Route): string {
  switch (route.name) {
    case 'order-new':
      return '#/orders/new';
    case 'order':
      return `#/orders/${encodeURIComponent(route.orderId)}`;
    case 'order-timeline':
      return `#/orders/${encodeURIComponent(route.orderId)}/timeline`;
    case 'log': {
      const f = route.filter ?? {};
      return hashOf('/log', {
        order: route.orderId,
        q: f.text,
        kind: f.kind,
        dir: f.direction,
        status: f.status,
        outcome: f.outcome,
        violations: f.violations ? '1' : undefined,
        exchange: route.exchangeId,
      });
    }
    case 'terminals':
      return hashOf('/terminals', { session: route.sessionId });
    case 'client':
      return `#/clients/${encodeURIComponent(route.clientId)}`;
    case 'conformance':
      return hashOf('/conformance', { run: route.runId });
    case 'not-found':
      return `#${route.path}`;
    default:
      // The other pages are their name alone: #/orders, #/push, #/settings …
      return hashOf(`/${route.name}`);
  }
}

/** The log's filters from its query (`q`, `kind`, `dir`, `status`, `outcome`, `violations`); undefined when none. */
function parseLogFilter(query: URLSearchParams): LogFilter | undefined {
  const text = query.get('q')?.trim();
  const kind = query.get('kind')?.trim();
  const dir = query.get('dir');
  const status = query.get('status');
  const outcome = query.get('outcome')?.trim();
  const f: LogFilter = {
    ...(text ? { text } : {}),
    ...(kind ? { kind } : {}),
    ...(dir === 'in' || dir === 'out' ? { direction: dir } : {}),
    ...((STATUS_CLASSES as readonly string[]).includes(status ?? '')
      ? { status: status as StatusClass }
      : {}),
    ...(outcome ? { outcome } : {}),
    ...(query.get('violations') === '1' ? { violations: true } : {}),
  };
  return Object.keys(f).length > 0 ? f : undefined;
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
