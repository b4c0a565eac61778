import { createServer, type Server } from 'node:http';
import type { Core } from '../../core/create-core';
import { SimFailure } from '../../core/errors';
import { statusOf } from '../failure-status';
import type { ListenerGuard } from '../guarded-listener';
import type { HostRule } from '../host-check';
import { nodeListener } from '../node-listener';
import { checkoutApp } from './checkout-app';
import { CHECKOUT_MAX_BODY, checkoutError } from './checkout-operations';

/** The checkout listener's answers of its own: a malformed target, a failure of the listener's code. */
const CHECKOUT_GUARD: ListenerGuard = {
  name: 'embedded checkout',
  kind: 'customer.request',
  invalidCode: 'BAD_VALUE',
  known: (err) =>
    err instanceof SimFailure
      ? { status: statusOf(err), code: err.code, message: err.message, problems: err.problems }
      : null,
  body: (f) => checkoutError(f.code, f.message, f.problems),
  // The customer token is a credential: the log keeps where the request went, not the token.
  loggedUrl: (path, search) =>
    search ? `${path}?${search.replace(/(^|&)token=[^&]*/g, '$1token=****')}` : path,
};

/**
 * The embedded checkout's listener: its app (checkout-app.ts: the JSON API, the pages, the files) on
 * node:http, behind the listener's one entrance (guarded-listener.ts). Closing it ends the view streams.
 */
export function customerServer(
  core: Core,
  assetsDir: string | null,
  hosts: HostRule = { names: [] },
): Server {
  const { app, streams } = checkoutApp(core, assetsDir, hosts);
  const server = createServer(nodeListener(core, CHECKOUT_GUARD, app, CHECKOUT_MAX_BODY));
  server.on('close', () => streams.closeAll());
  return server;
}
