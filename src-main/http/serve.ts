import type { IncomingMessage } from 'node:http';
import type { App } from './app';
import { DEFAULT_WIRE_LIMITS, WireServer } from '../net/wire-server';

export { close, listen, type Listener } from '../net/listener';

export const DEFAULT_BODY_LIMIT = DEFAULT_WIRE_LIMITS.bodyLimit;

/** An App on its own HTTP/1.1 listener (see net/wire-server.ts); a handler's throw answers 500. */
export function appServer(app: App, bodyLimit = DEFAULT_BODY_LIMIT): WireServer {
  return new WireServer((req) => app.handle(req), { bodyLimit });
}

/** The base URL a client used to reach us, for Location headers. */
export function baseUrlOf(headers: IncomingMessage['headers'], fallback: string): string {
  return headers.host ? `http://${headers.host}` : fallback;
}
