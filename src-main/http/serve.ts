import type { IncomingMessage } from 'node:http';
import type { AddressInfo, Server } from 'node:net';
import type { App } from './app';
import { DEFAULT_WIRE_LIMITS, WireServer } from './wire/wire-server';

export const DEFAULT_BODY_LIMIT = DEFAULT_WIRE_LIMITS.bodyLimit;

/** A listener these helpers start and stop: node:http's server or the apps' WireServer. */
export type Listener = Server & { closeAllConnections(): void };

/** Starts listening; port 0 picks a free port. Resolves with the bound port. */
export function listen(server: Server, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

export function close(server: Listener): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/** An App on its own HTTP/1.1 listener (see wire/wire-server.ts); a handler's throw answers 500. */
export function appServer(app: App, bodyLimit = DEFAULT_BODY_LIMIT): WireServer {
  return new WireServer((req) => app.handle(req), { bodyLimit });
}

/** The base URL a client used to reach us, for Location headers. */
export function baseUrlOf(headers: IncomingMessage['headers'], fallback: string): string {
  return headers.host ? `http://${headers.host}` : fallback;
}
