import type { IncomingMessage } from 'node:http';
import type { App } from './app';
import type { HttpRequest } from '../net/message';
import { hostProblem, LOCAL_NAMES, type HostRule } from './host-check';
import type { Listener } from '../net/listener';
import type { RefusalRenderer } from '../net/message';
import { httpServer, type HttpServerKind } from '../net/servers';
import { DEFAULT_WIRE_LIMITS } from '../net/wire-limits';

export { close, listen, type Listener } from '../net/listener';

export const DEFAULT_BODY_LIMIT = DEFAULT_WIRE_LIMITS.bodyLimit;

export interface AppServerOptions {
  bodyLimit?: number;
  http?: HttpServerKind;
  /** How the server words what it refuses by itself: the API's error shape (plain text when omitted). */
  refusal?: RefusalRenderer;
  /** The names besides localhost and IP addresses it answers to (host-check.ts); none when omitted. */
  hosts?: HostRule;
}

/**
 * The app's handler behind the Host check (host-check.ts: against DNS rebinding): a foreign name is
 * refused in the app's error shape before anything else. Hosts seen to pass are remembered (a client
 * sends the same Host on every request), so the check costs a lookup on the hot path.
 */
function hostChecked(app: App, hosts: HostRule): (req: HttpRequest) => ReturnType<App['handle']> {
  const ours = new Set<string>();
  return (req) => {
    const host = req.headers.host;
    if (host !== undefined && ours.has(host)) return app.handle(req);
    const problem = hostProblem(host, hosts);
    if (problem) return app.refuseHost(req, problem);
    if (ours.size >= 64) ours.clear();
    ours.add(host!);
    return app.handle(req);
  };
}

/**
 * An App on its own listener: the simulator's HTTP/1.1 server (net/wire-server.ts), or node:http's
 * with `http: 'node'` (net/node-server.ts). Either way a handler's throw answers 500, and a request the
 * server cannot read is answered in `refusal`'s shape.
 */
export function appServer(app: App, opts: AppServerOptions = {}): Listener {
  return httpServer(
    opts.http ?? 'own',
    hostChecked(app, opts.hosts ?? LOCAL_NAMES),
    { bodyLimit: opts.bodyLimit ?? DEFAULT_BODY_LIMIT },
    opts.refusal,
  );
}

/** The base URL a client used to reach us (https behind `--tls`), for Location headers. */
export function baseUrlOf(
  req: { headers: IncomingMessage['headers']; secure?: boolean },
  fallback: string,
): string {
  const host = req.headers.host;
  return host ? `${req.secure === true ? 'https' : 'http'}://${host}` : fallback;
}
