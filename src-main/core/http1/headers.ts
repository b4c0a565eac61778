import type { IncomingHttpHeaders } from 'node:http';

/** RFC 9110 §5.6.2 token: a method or a header name. */
export const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Characters a header value may not hold (they would end or split the header). */
export const BAD_VALUE_CHAR = /[\0\r\n]/;

/** Headers whose repeats node:http drops (the first wins); every other repeat is joined with ", ". */
const FIRST_WINS = new Set([
  'age',
  'authorization',
  'content-length',
  'content-type',
  'etag',
  'expires',
  'from',
  'host',
  'if-modified-since',
  'if-unmodified-since',
  'last-modified',
  'location',
  'max-forwards',
  'proxy-authorization',
  'referer',
  'retry-after',
  'server',
  'user-agent',
]);

/** Adds a header (name lower-cased) as node:http would: `set-cookie` as a list, cookies joined by "; ". */
export function addHeader(headers: IncomingHttpHeaders, name: string, value: string): void {
  const had = headers[name];
  if (had === undefined) {
    headers[name] = name === 'set-cookie' ? [value] : value;
  } else if (Array.isArray(had)) {
    had.push(value);
  } else if (!FIRST_WINS.has(name)) {
    headers[name] = `${had}${name === 'cookie' ? '; ' : ', '}${value}`;
  }
}

/** Whether a Connection header value lists `option` (e.g. close, keep-alive). */
export function connectionHas(value: string | undefined, option: 'close' | 'keep-alive'): boolean {
  if (value === undefined) return false;
  for (const part of value.split(',')) if (part.trim().toLowerCase() === option) return true;
  return false;
}
