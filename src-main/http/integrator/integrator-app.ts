import { TIMEOUT_FAULT_BOUND_MS } from '@shared/schemas/integrator-sim.schema';
import type { Core } from '../../core/create-core';
import { App } from '../app';
import { integratorErrorMapper, integratorNotFound } from './integrator-errors';
import type { EndpointEnv } from './integrator-endpoint';
import { INTEGRATOR_API } from './integrator-operations';
import { openApiRoute } from '../openapi/serve-openapi';

export interface IntegratorAppOptions {
  /** How long a `timeout` fault holds a request at most (tests shorten it). */
  timeoutBoundMs?: number;
}

/** The built-in fake integrator at the ready line's `integrator` URL; every exchange goes to the log. */
export function integratorApp(core: Core, opts: IntegratorAppOptions = {}): App {
  const app = new App({
    name: 'fake integrator',
    onError: integratorErrorMapper(core.log, core.disk),
    invalidCode: 'invalid_request',
    hostCode: 'host_not_allowed',
    notFound: integratorNotFound,
    record: (e, hashes) => core.exchanges.record(e, hashes),
    now: () => core.clock.now(),
  });
  const env: EndpointEnv = { core, timeoutBoundMs: opts.timeoutBoundMs ?? TIMEOUT_FAULT_BOUND_MS };
  INTEGRATOR_API.register(app, env);
  openApiRoute(app, 'integrator');
  return app;
}
