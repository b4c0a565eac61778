import type { Core } from '../../core/create-core';
import { appServer } from '../serve';
import type { WireServer } from '../../net/wire-server';
import { integratorApp, type IntegratorAppOptions } from './integrator-app';

/**
 * The fake integrator's listener. A request held by a `timeout` or `latency` fault is let go as soon as
 * the client gives up: the endpoint asks the request for its `closed` signal (see integrator-endpoint.ts).
 */
export function integratorServer(core: Core, opts: IntegratorAppOptions = {}): WireServer {
  return appServer(integratorApp(core, opts));
}
