import type { Core } from '../../core/create-core';
import { SimFailure } from '../../core/errors';
import { asFailure, statusOf } from '../failure-status';
import { hostRefusal, type HostRule } from '../host-check';
import { ListenerApp, type ListenerAnswer } from '../listener-app';
import { openApiRoute } from '../openapi/serve-openapi';
import type { HttpRequest } from '../router';
import { CHECKOUT_API, checkoutError, checkoutJson } from './checkout-operations';
import { CHECKOUT_PAGES } from './checkout-pages';
import { ViewStreams } from './view-stream';

/** What no operation answers: a method a path does not have (405), or no such path (404). */
function unrouted(req: HttpRequest, allowed: string[], built: boolean): ListenerAnswer {
  const { method, path } = req;
  if (allowed.length > 0 || (method !== 'GET' && method !== 'HEAD' && !path.startsWith('/kco/api/')))
    return checkoutJson(405, checkoutError('METHOD_NOT_ALLOWED', `${method} ${path}`));
  const why =
    built || path.startsWith('/kco/api/')
      ? path
      : `${path}: the embedded checkout is not built (run \`npm run build\`)`;
  return checkoutJson(404, checkoutError('NOT_FOUND', why));
}

/**
 * The embedded checkout's listener as an app (the customer's side, sim-defined): its JSON API
 * (checkout-operations.ts), its pages and files (checkout-pages.ts) and its OpenAPI document, reached
 * with the order's customer token and never with the merchant's credentials or the console's
 * operations. Every step runs the same customer steps as the console and `/test_helpers`.
 */
export function checkoutApp(
  core: Core,
  assetsDir: string | null,
  hosts: HostRule,
): { app: ListenerApp; streams: ViewStreams } {
  const streams = new ViewStreams(core.events, (id) => core.customerView(id));
  const app = new ListenerApp({
    headAsGet: true,
    // Before anything else: a foreign name in Host is a page that rebound its DNS to this machine.
    guard: function refuseForeignHost(req) {
      const foreign = hostRefusal(req.headers.host, hosts);
      return foreign ? checkoutJson(403, checkoutError('HOST_NOT_ALLOWED', foreign)) : null;
    },
    failure: function checkoutRefusal(err) {
      const f = asFailure(err, core.disk);
      return f instanceof SimFailure
        ? checkoutJson(statusOf(f), checkoutError(f.code, f.message, f.problems))
        : null;
    },
    notFound: (req, allowed) => unrouted(req, allowed, assetsDir !== null),
  });
  const env = { core, streams, assetsDir };
  CHECKOUT_API.register(app, env);
  CHECKOUT_PAGES.register(app, env);
  openApiRoute(app, 'checkout');
  return { app, streams };
}
