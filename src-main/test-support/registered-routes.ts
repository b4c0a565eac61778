import type { App } from '../http/app';
import { Router } from '../http/router';

/** A route as registered on an app's router. */
export interface RegisteredRoute {
  method: string;
  pattern: string;
  kind: string;
}

/**
 * Builds an app and lists every route registered on its router while it was built. The router keeps its
 * routes to itself (bucketed for matching), so its public `add` is watched instead of its insides.
 */
export function buildRecordingRoutes<A extends App>(build: () => A): { app: A; routes: RegisteredRoute[] } {
  const routes: RegisteredRoute[] = [];
  const add = Router.prototype.add;
  Router.prototype.add = function (this: Router, method, pattern, kind, handler) {
    routes.push({ method, pattern, kind });
    return add.call(this, method, pattern, kind, handler);
  };
  try {
    return { app: build(), routes };
  } finally {
    Router.prototype.add = add;
  }
}
