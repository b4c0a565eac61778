import type { Core } from '../../core/create-core';
import { notFound } from '../../core/errors';
import type { App } from '../app';
import { json, readJson } from '../json';
import type { Ctx } from '../router';
import { DEFAULT_BODY_LIMIT } from '../serve';

const body = (c: Ctx) => readJson(c.req, DEFAULT_BODY_LIMIT);

/**
 * Automation of the shipping assistant and the conformance run (sim-defined, on the provider API under
 * Basic auth): settings, pickup search, a purchase's tracking, and "test my integrator" with its
 * scorecards as JSON or JUnit XML.
 */
export function shippingRoutes(app: App, core: Core): void {
  const { shipping } = core;
  app.route('GET', '/test_helpers/settings/shipping_assistant', 'test_helpers.shipping.settings.read', () =>
    json(200, shipping.settings.view()),
  );
  app.route(
    'PUT',
    '/test_helpers/settings/shipping_assistant',
    'test_helpers.shipping.settings.update',
    (c) => json(200, shipping.settings.update(body(c))),
  );
  // The console's one switch: on, against the built-in fake integrator with its credentials.
  app.route(
    'POST',
    '/test_helpers/settings/shipping_assistant/built_in',
    'test_helpers.shipping.settings.built_in',
    () => json(200, shipping.useBuiltInIntegrator()),
  );

  app.route(
    'POST',
    '/test_helpers/checkout/orders/:order_id/pickup_search',
    'test_helpers.pickup_search',
    async (c) => {
      const id = c.params.order_id!;
      c.meta.orderId = id;
      const result = await shipping.pickupSearch(id, body(c));
      c.meta.outcome = result.outcome;
      return json(200, result);
    },
  );
  app.route('GET', '/test_helpers/checkout/orders/:order_id/shipment', 'test_helpers.shipment.read', (c) => {
    const id = c.params.order_id!;
    c.meta.orderId = id;
    const t = shipping.tracker.get(id);
    if (!t) throw notFound(`a shipment of order ${id}`);
    return json(200, t);
  });

  app.route('POST', '/test_helpers/integrator/conformance', 'test_helpers.conformance.run', async (c) => {
    const card = await shipping.conformance.run(body(c));
    c.meta.outcome = `passed:${card.passed} failed:${card.failed} skipped:${card.skipped}`;
    return json(201, card, { Location: `/test_helpers/integrator/conformance/${card.run_id}` });
  });
  app.route('GET', '/test_helpers/integrator/conformance', 'test_helpers.conformance.list', (c) => {
    const limit = Number(new URLSearchParams(c.req.search).get('limit') ?? 50) || 50;
    return json(200, { runs: shipping.conformance.list(Math.min(Math.max(limit, 1), 1000)) });
  });
  // `{run_id}` answers the scorecard; `{run_id}.json` and `{run_id}.xml` are the downloads (JUnit XML for CI).
  app.route('GET', '/test_helpers/integrator/conformance/:run', 'test_helpers.conformance.read', (c) => {
    const m = /^(.*?)(?:\.(json|xml))?$/.exec(c.params.run!)!;
    const runId = m[1]!;
    if (!m[2]) {
      const card = shipping.conformance.get(runId);
      if (!card) throw notFound(`conformance run ${runId}`);
      return json(200, card);
    }
    const file = shipping.conformance.export(runId, m[2] as 'json' | 'xml');
    return {
      status: 200,
      headers: {
        'Content-Type': `${file.content_type}; charset=utf-8`,
        'Content-Disposition': `attachment; filename="${file.filename}"`,
      },
      body: file.body,
    };
  });
}
