import type { Core } from '../../core/create-core';
import type { HttpServerKind } from '../../net/servers';
import type { HostRule } from '../host-check';
import { appServer, type Listener } from '../serve';
import { integratorApp, type IntegratorAppOptions } from './integrator-app';
import { integratorRefusal } from './integrator-errors';

/**
 * The fake integrator's listener. A request held by a `timeout` or `latency` fault is let go as soon as
 * the client gives up: the endpoint asks the request for its `closed` signal (see integrator-endpoint.ts).
 */
export function integratorServer(
  core: Core,
  opts: IntegratorAppOptions & { http?: HttpServerKind; hosts?: HostRule } = {},
): Listener {
  const { http, hosts, ...app } = opts;
  return appServer(integratorApp(core, app), { http, refusal: integratorRefusal, hosts });
}
