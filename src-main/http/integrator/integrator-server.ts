import type { Core } from '../../core/create-core';
import { appServer } from '../serve';
import type { WireServer } from '../wire/wire-server';
import { integratorApp, type IntegratorAppOptions } from './integrator-app';

/**
 * The fake integrator's listener. A request held by a `timeout` or `latency` fault is let go as soon as
 * the client gives up: the request's `closed` signal aborts when its connection closes, and is made only
 * when a fault asks for it (an AbortController per request would cost the hot path).
 */
export function integratorServer(core: Core, opts: Omit<IntegratorAppOptions, 'signalOf'> = {}): WireServer {
  return appServer(integratorApp(core, { ...opts, signalOf: (req) => req.closed?.() }));
}
