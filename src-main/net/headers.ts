import type { IncomingHttpHeaders } from 'node:http';
import { WireError } from './wire-error';

/** RFC 9110 §5.6.2 token: a method or a header name. */
export const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Characters a header value may not hold (they would end or split the header). */
export const BAD_VALUE_CHAR = /[\0\r\n]/;

/** Names whose canonical form is not simply each word capitalised. */
const SPECIAL_CASE: Record<string, string> = {
  'www-authenticate': 'WWW-Authenticate',
  etag: 'ETag',
  'content-md5': 'Content-MD5',
  te: 'TE',
  dnt: 'DNT',
};
const canonical = new Map<string, string>();

/**
 * A header name in the case the real service (and most servers) writes it: `Content-Type`, `Location`,
 * `Capture-Id`, `Klarna-Correlation-Id`, `WWW-Authenticate`. HTTP says names are case-insensitive, but
 * client code often reads them case-sensitively, so the simulator writes them exactly so. Cached.
 */
export function canonicalHeaderName(name: string): string {
  let c = canonical.get(name);
  if (c === undefined) {
    const lower = name.toLowerCase();
    c =
      SPECIAL_CASE[lower] ??
      lower.replace(/(^|-)([a-z])/g, (_m, dash: string, ch: string) => dash + ch.toUpperCase());
    if (canonical.size < 4096) canonical.set(name, c);
  }
  return c;
}

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

/**
 * Reads the header lines of a head (`lines[1…]`, after the request or status line) into headers, as
 * node:http would; throws a WireError naming the first bad line. Also says how many Content-Length lines
 * there were (a message with two is refused by the server).
 */
export function readHeaderLines(lines: string[]): { headers: IncomingHttpHeaders; lengths: number } {
  const headers: IncomingHttpHeaders = {};
  let lengths = 0;
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    const c = line.indexOf(':');
    if (c <= 0) {
      const first = line.charCodeAt(0);
      if (first === 32 || first === 9) throw new WireError(400, 'obsolete line folding in a header');
      throw new WireError(400, `malformed header line: ${JSON.stringify(line.slice(0, 80))}`);
    }
    const name = line.slice(0, c);
    if (!TOKEN.test(name)) throw new WireError(400, `malformed header name: ${JSON.stringify(name)}`);
    const value = line.slice(c + 1).trim();
    if (BAD_VALUE_CHAR.test(value)) throw new WireError(400, `invalid character in header ${name}`);
    const lower = name.toLowerCase();
    if (lower === 'content-length') lengths++;
    addHeader(headers, lower, value);
  }
  return { headers, lengths };
}

/**
 * A head's header lines as received: its text after the first line (`lines` is the text split at CRLF).
 * They determine the headers, so what derives from the headers alone can be cached by them.
 */
export function headerBlock(text: string, lines: string[]): string {
  return lines.length > 1 ? text.slice(lines[0]!.length + 2) : '';
}

/** A Content-Length value as a number: digits only, at most 15 of them; else a WireError. */
export function contentLength(value: string): number {
  if (!/^\d{1,15}$/.test(value)) throw new WireError(400, `invalid Content-Length: ${value}`);
  return Number(value);
}

/** Whether a Connection header value lists `option` (e.g. close, keep-alive). */
export function connectionHas(value: string | undefined, option: 'close' | 'keep-alive'): boolean {
  if (value === undefined) return false;
  for (const part of value.split(',')) if (part.trim().toLowerCase() === option) return true;
  return false;
}
