import { withCustomerTokensMasked } from '@shared/rules/customer-token-mask';
import { type Exchange } from '@shared/schemas/exchange.schema';
import { shellQuote } from '../format/curl-example';

/** Headers curl sets itself, or that would make the replay misbehave (a stale length, compressed output). */
const SKIP = new Set([
  'host',
  'content-length',
  'connection',
  'transfer-encoding',
  'accept-encoding',
  'expect',
]);
/** Headers the log masks; their real value is unknown, except the simulator's own Basic auth. */
const SECRET = new Set(['authorization', 'proxy-authorization', 'cookie', 'x-api-key']);

export interface CurlOptions {
  /** The simulator's API URL, to make the path of an inbound exchange a whole URL. */
  apiUrl: string;
  /** Basic auth for inbound exchanges (the merchant's credentials); the real ones only when copying. */
  credentials?: { username: string; password: string };
  /**
   * For a refused request (`sealed_authorization`): the Authorization header it sent, opened by the
   * simulator (`exchanges.sentAuthorization`), or a masked stand-in for a preview; null when it cannot be
   * opened. Never the simulator's own credentials: they would not fail the way the request did.
   */
  sentAuthorization?: string | null;
}

export interface CurlCommand {
  command: string;
  /** Masked headers that could not be replayed (their values were never stored). */
  omitted: string[];
}

/** The whole URL of an exchange: inbound ones are stored as a path on the API. */
export function exchangeUrl(e: Pick<Exchange, 'direction' | 'url'>, apiUrl: string): string {
  if (/^https?:\/\//i.test(e.url)) return e.url;
  return `${apiUrl.replace(/\/+$/, '')}/${e.url.replace(/^\/+/, '')}`;
}

/**
 * A curl command that replays an exchange's request as it was sent: method, URL, headers (secrets left
 * out; accepted inbound Basic auth becomes `-u user:password`, a refused request's Authorization the one
 * it sent) and the body, every part quoted for a POSIX shell, one option per line.
 */
export function curlFor(recorded: Exchange, opts: CurlOptions): CurlCommand {
  // Customer tokens stay masked even in an exchange logged before the log masked them.
  const e = withCustomerTokensMasked(recorded);
  const parts: string[] = [];
  const omitted: string[] = [];
  const body = e.request.body;
  const method = e.method.toUpperCase();
  if (!(method === 'GET' && body === null) && !(method === 'POST' && body !== null))
    parts.push(`-X ${shellQuote(method)}`);
  for (const [name, value] of Object.entries(e.request.headers).sort(([a], [b]) => a.localeCompare(b))) {
    const lower = name.toLowerCase();
    if (SKIP.has(lower)) continue;
    if (SECRET.has(lower)) {
      const auth = lower === 'authorization' && e.direction === 'in';
      if (auth && e.sealed_authorization !== undefined && typeof opts.sentAuthorization === 'string') {
        parts.push(`-H ${shellQuote(`${name}: ${opts.sentAuthorization}`)}`);
      } else if (auth && e.status !== 401 && /^basic\b/i.test(value) && opts.credentials) {
        // Not refused, so what was sent were the simulator's credentials.
        parts.unshift(`-u ${shellQuote(`${opts.credentials.username}:${opts.credentials.password}`)}`);
      } else omitted.push(name);
      continue;
    }
    parts.push(`-H ${shellQuote(`${name}: ${value}`)}`);
  }
  if (body !== null && body !== '') parts.push(`--data-raw ${shellQuote(body)}`);
  parts.push(shellQuote(exchangeUrl(e, opts.apiUrl)));
  return { command: ['curl', ...parts].join(' \\\n  '), omitted };
}
