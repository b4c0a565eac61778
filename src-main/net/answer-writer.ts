import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import { BAD_VALUE_CHAR, canonicalHeaderName } from './headers';
import type { HttpResponse, RefusalRenderer } from './message';
import type { WireError } from './wire-error';

/** Framing headers are the server's to write; an app's own are dropped. */
const SERVER_HEADERS = new Set(['Content-Length', 'Transfer-Encoding', 'Connection', 'Keep-Alive', 'Date']);

/** The answer when the app throws or rejects (its own error mapping failed: a bug), without a renderer. */
const INTERNAL: HttpResponse = {
  status: 500,
  headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  body: 'internal error',
};

/** The answer when the app throws or rejects: in the listener's words when it gave a renderer. */
export const internalAnswer = (render?: RefusalRenderer): HttpResponse =>
  render ? render(500, 'internal error') : INTERNAL;

/**
 * The app's headers of an answer as they go out, whichever server writes them: names in canonical case
 * whatever case the app used (clients read them case-sensitively), framing headers and values that
 * would split the answer dropped, and a fresh Klarna-Correlation-Id where the answer asks for one.
 */
export function appHeaders(res: HttpResponse, add: (name: string, value: string) => void): void {
  const headers = res.headers;
  if (headers) {
    for (const own in headers) {
      const value = headers[own]!;
      const name = canonicalHeaderName(own);
      if (!SERVER_HEADERS.has(name) && !BAD_VALUE_CHAR.test(value)) add(name, value);
    }
  }
  if (res.correlate === true && headers?.['Klarna-Correlation-Id'] === undefined) {
    add('Klarna-Correlation-Id', randomUUID());
  }
}

/**
 * The encoded bytes of bodies that carry a content hash (memoized answers: an order document, an
 * options list), so an answer sent thousands of times is encoded once. Bounded: cleared when full.
 */
export class EncodedBodies {
  private readonly map = new Map<string, Buffer>();
  get(hash: string, body: string): Buffer {
    let bytes = this.map.get(hash);
    if (bytes === undefined) {
      if (this.map.size >= 256) this.map.clear();
      bytes = Buffer.from(body, 'utf8');
      this.map.set(hash, bytes);
    }
    return bytes;
  }
}

let dateSecond = 0;
let dateText = '';
/** The Date header, computed once a second. */
export function httpDate(): string {
  const now = Date.now();
  const second = Math.floor(now / 1000);
  if (second !== dateSecond) {
    dateSecond = second;
    dateText = new Date(now).toUTCString();
  }
  return dateText;
}

/** The status line of an answer. */
export const statusLine = (status: number): string =>
  `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Unknown'}\r\n`;

/** The refusal of a server given no renderer: plain text naming the problem. */
export const plainRefusal: RefusalRenderer = (status, reason) => ({
  status,
  headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  body: `${reason}\n`,
});

/**
 * A request the server cannot read, refused as `render` words it (the listener's API shape; plain text
 * by default) naming the problem, with `Connection: close`: the connection closes after it.
 */
export function refusalText(err: WireError, render: RefusalRenderer = plainRefusal): string {
  const res = render(err.status, err.message);
  let text = statusLine(err.status);
  appHeaders(res, (name, value) => (text += `${name}: ${value}\r\n`));
  const body = res.body ?? '';
  return `${text}Content-Length: ${Buffer.byteLength(body)}\r\nDate: ${httpDate()}\r\nConnection: close\r\n\r\n${body}`;
}
