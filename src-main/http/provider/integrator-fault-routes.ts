import type { Core } from '../../core/create-core';
import type { App } from '../app';
import { json, readJson } from '../json';
import { DEFAULT_BODY_LIMIT } from '../serve';

/**
 * Automation of the built-in fake integrator (sim-defined, on the provider API under Basic auth):
 * its fault switches, and its settings beside the credentials a shipping assistant needs.
 */
export function integratorFaultRoutes(app: App, core: Core): void {
  const { integrator } = core;
  app.route('GET', '/test_helpers/integrator/faults', 'test_helpers.integrator.faults.read', () =>
    json(200, integrator.faults.get()),
  );
  // PUT replaces the whole set: endpoints and switches left out are switched off.
  app.route('PUT', '/test_helpers/integrator/faults', 'test_helpers.integrator.faults.update', (c) =>
    json(200, integrator.faults.set(readJson(c.req, DEFAULT_BODY_LIMIT))),
  );
  app.route('GET', '/test_helpers/integrator/settings', 'test_helpers.integrator.settings.read', () =>
    json(200, integrator.info()),
  );
  app.route('PUT', '/test_helpers/integrator/settings', 'test_helpers.integrator.settings.update', (c) => {
    integrator.updateSettings(readJson(c.req, DEFAULT_BODY_LIMIT));
    return json(200, integrator.info());
  });
}
