import type { Control } from '../../core/control';
import type { Core } from '../../core/create-core';
import { SimFailure } from '../../core/errors';
import { asFailure, statusOf } from '../failure-status';
import { hostRefusal, type HostRule } from '../host-check';
import { ListenerApp, type ListenerAnswer } from '../listener-app';
import { openApiRoute } from '../openapi/serve-openapi';
import type { HttpRequest } from '../router';
import { CONTROL_API, controlFailure } from './control-operations';
import { readStatic } from './static-files';

const CSP =
  "default-src 'self'; connect-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'";

/**
 * The control API is unauthenticated, so it only answers requests that name this server in Host by a
 * name no one else's DNS decides (host-check.ts, as the embedded checkout: defeats DNS rebinding) and,
 * when a browser sends Origin, come from the console's own origin (CSRF). The port is not compared, so
 * the console works at the address `--host` gives it and behind a mapped port (Docker).
 */
export function sameOriginGuard(req: Pick<HttpRequest, 'headers'>, rule: HostRule): string | null {
  const host = req.headers.host ?? '';
  const refused = hostRefusal(req.headers.host, rule);
  if (refused) return refused;
  const origin = req.headers.origin;
  if (origin !== undefined && origin !== `http://${host}`) return `Origin '${origin}' is not this console`;
  return null;
}

/** A file of the built console for a GET no operation has; what the console's pages are. */
async function consoleFile(rendererDir: string | null, path: string): Promise<ListenerAnswer> {
  if (!rendererDir) {
    const body = 'The console is not built: run `npm run build`, then reload.\n';
    return { status: 503, headers: { 'Content-Type': 'text/plain; charset=utf-8' }, body };
  }
  const file = await readStatic(rendererDir, path);
  if (!file) return controlFailure(404, 'NOT_FOUND', path);
  const headers = { 'Content-Type': file.type, 'Content-Security-Policy': CSP, 'Cache-Control': 'no-cache' };
  return { status: 200, headers, bytes: file.body };
}

/**
 * The console's listener as an app: its declared operations (control-operations.ts: the control contract
 * over HTTP and its event stream), its OpenAPI document at `/openapi.json`, and the built renderer for
 * every other GET. `control` is the console's (console-control.ts).
 */
export function controlApp(
  core: Core,
  control: Control,
  rendererDir: string | null,
  hostRule: HostRule,
): ListenerApp {
  const app = new ListenerApp({
    guard: function refuseForeignCaller(req) {
      const refused = sameOriginGuard(req, hostRule);
      return refused ? controlFailure(403, 'FORBIDDEN', refused) : null;
    },
    failure: function controlRefusal(err) {
      const f = asFailure(err, core.disk);
      return f instanceof SimFailure ? controlFailure(statusOf(f), f.code, f.message, f.problems) : null;
    },
    notFound: function consolePage(req) {
      return req.method === 'GET'
        ? consoleFile(rendererDir, req.path)
        : controlFailure(404, 'NOT_FOUND', req.path);
    },
  });
  CONTROL_API.register(app, { core, control });
  openApiRoute(app, 'control');
  return app;
}
