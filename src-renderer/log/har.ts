import { withCustomerTokensMasked } from '@shared/rules/customer-token-mask';
import { wallTimeOfExchange } from '@shared/rules/exchange-filter';
import { type Exchange } from '@shared/schemas/exchange.schema';

/** Where the simulator's listeners are, to make the path of an inbound exchange a whole URL. */
export interface HarBases {
  api: string;
  integrator: string;
}

interface HarNameValue {
  name: string;
  value: string;
}

/** An HTTP Archive (HAR 1.2, http://www.softwareishard.com/blog/har-12-spec/) of recorded exchanges. */
export interface Har {
  log: {
    version: '1.2';
    creator: { name: string; version: string };
    comment: string;
    entries: HarEntry[];
  };
}

export interface HarEntry {
  startedDateTime: string;
  time: number;
  request: {
    method: string;
    url: string;
    httpVersion: string;
    cookies: [];
    headers: HarNameValue[];
    queryString: HarNameValue[];
    postData?: { mimeType: string; text: string };
    headersSize: -1;
    bodySize: number;
  };
  response: {
    status: number;
    statusText: string;
    httpVersion: string;
    cookies: [];
    headers: HarNameValue[];
    content: { size: number; mimeType: string; text?: string };
    redirectURL: string;
    headersSize: -1;
    bodySize: number;
  };
  cache: Record<string, never>;
  timings: { send: number; wait: number; receive: number };
  comment: string;
  /** The simulator's own record of the exchange (custom fields start with an underscore). */
  _simulator: {
    id: string;
    kind: string;
    direction: 'in' | 'out';
    order_id: string | null;
    outcome: string | null;
    violations: Exchange['violations'];
    wall_time: string | null;
  };
}

const utf8 = new TextEncoder();
const byteLength = (s: string | null) => (s === null ? 0 : utf8.encode(s).length);
const headerList = (h: Record<string, string>): HarNameValue[] =>
  Object.entries(h).map(([name, value]) => ({ name, value }));
const headerValue = (h: Record<string, string>, name: string): string =>
  Object.entries(h).find(([k]) => k.toLowerCase() === name)?.[1] ?? '';

/** The whole URL an exchange was sent to: outbound ones are recorded whole, inbound ones as a path. */
export function absoluteUrl(e: Pick<Exchange, 'direction' | 'kind' | 'url'>, bases: HarBases): string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(e.url)) return e.url;
  const base = e.kind.startsWith('integrator.') ? bases.integrator : bases.api;
  return `${base.replace(/\/+$/, '')}/${e.url.replace(/^\/+/, '')}`;
}

function queryOf(url: string): HarNameValue[] {
  try {
    return [...new URL(url).searchParams].map(([name, value]) => ({ name, value }));
  } catch {
    return [];
  }
}

/** One exchange as a HAR entry. Times are the simulator clock's (`at`); the wall clock's is in `_simulator`. */
export function harEntry(recorded: Exchange, bases: HarBases): HarEntry {
  // A HAR file is shared: a customer token in it would open that customer's live checkout.
  const e = withCustomerTokensMasked(recorded);
  const url = absoluteUrl(e, bases);
  const wall = wallTimeOfExchange(e.id);
  const requestType = headerValue(e.request.headers, 'content-type');
  const duration = Math.max(0, e.duration_ms);
  return {
    startedDateTime: e.at,
    time: duration,
    request: {
      method: e.method,
      url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: headerList(e.request.headers),
      queryString: queryOf(url),
      ...(e.request.body !== null ? { postData: { mimeType: requestType, text: e.request.body } } : {}),
      headersSize: -1,
      bodySize: byteLength(e.request.body),
    },
    response: {
      // 0: no answer came (a time-out, a refused or unreachable address), as browsers record it.
      status: e.status ?? 0,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: headerList(e.response.headers),
      content: {
        size: byteLength(e.response.body),
        mimeType: headerValue(e.response.headers, 'content-type'),
        ...(e.response.body !== null ? { text: e.response.body } : {}),
      },
      redirectURL: headerValue(e.response.headers, 'location'),
      headersSize: -1,
      bodySize: byteLength(e.response.body),
    },
    cache: {},
    timings: { send: 0, wait: duration, receive: 0 },
    comment: `${e.direction === 'in' ? 'received by' : 'sent by'} the simulator: ${e.kind}${e.outcome ? ` (${e.outcome})` : ''}`,
    _simulator: {
      id: e.id,
      kind: e.kind,
      direction: e.direction,
      order_id: e.order_id,
      outcome: e.outcome,
      violations: e.violations,
      wall_time: wall === null ? null : new Date(wall).toISOString(),
    },
  };
}

/** A HAR document of the exchanges, oldest first (as a browser's network log lists them). */
export function toHar(exchanges: readonly Exchange[], bases: HarBases, version: string): Har {
  return {
    log: {
      version: '1.2',
      creator: { name: 'Checkout Simulator', version },
      comment:
        'Exchanges recorded by the Checkout Simulator. startedDateTime is the simulator clock; secrets in ' +
        'headers and bodies are masked as in the log (Basic ****), customer tokens too (token=****).',
      entries: [...exchanges].reverse().map((e) => harEntry(e, bases)),
    },
  };
}

/** A file name for a HAR download: `checkout-sim-<what>-<date>.har`. */
export function harFileName(what: string, now: Date = new Date()): string {
  const stamp = now.toISOString().slice(0, 19).replace(/[:T]/g, '-');
  const safe = what.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'log';
  return `checkout-sim-${safe}-${stamp}.har`;
}
