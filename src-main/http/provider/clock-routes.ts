import type { Core } from '../../core/create-core';
import type { App } from '../app';
import { json, readJson } from '../json';
import { DEFAULT_BODY_LIMIT } from '../serve';

/**
 * The simulator clock over the automation API (sim-defined, Basic auth): read it, switch it between
 * real time (with a speed) and manual, and advance it, which fires what came due in due order.
 */
export function clockRoutes(app: App, core: Core): void {
  const clock = core.clockControl;
  app.route('GET', '/test_helpers/clock', 'test_helpers.clock.read', () => json(200, clock.view()));
  app.route('PUT', '/test_helpers/clock', 'test_helpers.clock.update', (c) => {
    const view = clock.set(readJson(c.req, DEFAULT_BODY_LIMIT));
    c.meta.outcome = view.mode;
    return json(200, view);
  });
  app.route('POST', '/test_helpers/clock/advance', 'test_helpers.clock.advance', async (c) => {
    const result = await clock.advance(readJson(c.req, DEFAULT_BODY_LIMIT));
    c.meta.outcome = `fired ${result.fired_total}`;
    return json(200, result);
  });
}
