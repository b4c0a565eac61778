import type { IncomingMessage } from 'node:http';
import type { App } from './app';
import type { Listener } from '../net/listener';
import { httpServer, type HttpServerKind } from '../net/servers';
import { DEFAULT_WIRE_LIMITS } from '../net/wire-limits';

export { close, listen, type Listener } from '../net/listener';

export const DEFAULT_BODY_LIMIT = DEFAULT_WIRE_LIMITS.bodyLimit;

/**
 * An App on its own listener: the simulator's HTTP/1.1 server (net/wire-server.ts), or node:http's
 * with `http: 'node'` (net/node-server.ts). Either way a handler's throw answers 500.
 */
export function appServer(app: App, opts: { bodyLimit?: number; http?: HttpServerKind } = {}): Listener {
  return httpServer(opts.http ?? 'own', (req) => app.handle(req), {
    bodyLimit: opts.bodyLimit ?? DEFAULT_BODY_LIMIT,
  });
}

/** The base URL a client used to reach us (https behind `--tls`), for Location headers. */
export function baseUrlOf(
  req: { headers: IncomingMessage['headers']; secure?: boolean },
  fallback: string,
): string {
  const host = req.headers.host;
  return host ? `${req.secure === true ? 'https' : 'http'}://${host}` : fallback;
}
