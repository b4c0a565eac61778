import type { HttpServerKind } from '@shared/schemas/config.schema';
import type { Listener } from './listener';
import type { RefusalRenderer, WireHandler } from './message';
import { nodeServer } from './node-server';
import type { WireLimits } from './wire-limits';
import { WireServer } from './wire-server';

export type { HttpServerKind };

/** What each server is called in log lines and the docs. */
export const SERVER_NAMES: Record<HttpServerKind, string> = {
  own: "the simulator's own HTTP/1.1 server",
  node: 'node:http',
};

/**
 * A listener serving `handler` through the server `kind` names, with the same limits either way; what
 * the server refuses by itself is worded by `render` (plain text when omitted).
 */
export function httpServer(
  kind: HttpServerKind,
  handler: WireHandler,
  limits: Partial<WireLimits> = {},
  render?: RefusalRenderer,
): Listener {
  return kind === 'node' ? nodeServer(handler, limits, render) : new WireServer(handler, limits, render);
}
