import { TIMEOUT_FAULT_BOUND_MS } from '@shared/schemas/integrator-sim.schema';
import type { Core } from '../../core/create-core';
import { App } from '../app';
import { integratorErrorMapper, integratorNotFound } from './integrator-errors';
import { registerOperations } from '../define-operation';
import type { HttpResponse } from '../router';
import { endpoint, type EndpointEnv } from './integrator-endpoint';
import { INTEGRATOR_OPERATIONS, type IntegratorOperation } from './integrator-operations';
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
    notFound: integratorNotFound,
    record: (e, hashes) => core.exchanges.record(e, hashes),
    now: () => core.clock.now(),
  });
  const env: EndpointEnv = { core, timeoutBoundMs: opts.timeoutBoundMs ?? TIMEOUT_FAULT_BOUND_MS };
  // Each endpoint behind its faults and checks, all three read from its declaration.
  registerOperations<EndpointEnv, HttpResponse, IntegratorOperation>(
    app,
    INTEGRATOR_OPERATIONS,
    env,
    (op, handler) =>
      endpoint(env, { fault: op.fault, mediaType: op.body?.mediaTypes?.[0], bearer: !op.public }, handler),
  );
  openApiRoute(app, 'integrator');
  return app;
}
