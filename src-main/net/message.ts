import type { IncomingHttpHeaders } from 'node:http';

/** A request as the apps see it: already read from the socket (or built by a test). */
export interface HttpRequest {
  method: string;
  /** Path without the query string, e.g. `/checkout/v3/orders/abc`. */
  path: string;
  /** The raw query string without `?` ('' when none). */
  search: string;
  headers: IncomingHttpHeaders;
  /** The header lines as received, when read off the wire: a key for what derives from the headers alone. */
  headerBlock?: string;
  body: Buffer | null;
  /** Set by the socket adapter when the body went past the size limit (the body is then null). */
  bodyTooLarge?: boolean;
  /** A signal that aborts when the client's connection closes; absent without a socket (tests). */
  closed?: () => AbortSignal;
  /** It came over TLS (`--tls`): a URL the answer names for this listener is https. */
  secure?: boolean;
}

export interface HttpResponse {
  status: number;
  headers?: Record<string, string>;
  body?: string | null;
  /** A content hash of `body` known in advance (a cached document), so the log need not hash it again. */
  bodyHash?: string;
  /**
   * The server adds a fresh `Klarna-Correlation-Id` when the answer has none, as the real service does on
   * every answer of its APIs. Like Date, it is written on the wire and not logged: a unique header would
   * make every exchange unlike the one before (the log stores repeats as one shape).
   */
  correlate?: boolean;
}

/**
 * How a listener words what its server refuses by itself (a request it cannot read, a time limit, an
 * app that threw): the status and the reason, as an answer in the listener's own API shape. The server
 * adds Date, Content-Length and `Connection: close`. The net layer knows no API (it imports neither
 * core nor http), so the caller hands it this; without one the refusal is plain text naming the reason.
 */
export type RefusalRenderer = (status: number, reason: string) => HttpResponse;

/** What a server hands each request to: the apps' `handle()`. */
export type WireHandler = (req: HttpRequest) => HttpResponse | Promise<HttpResponse>;

/** Splits a request target into path and query string without building a URL object (hot path). */
export function splitTarget(target: string): { path: string; search: string } {
  const q = target.indexOf('?');
  return q === -1 ? { path: target, search: '' } : { path: target.slice(0, q), search: target.slice(q + 1) };
}
