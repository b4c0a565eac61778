import type { StepResult } from '@shared/schemas/session.schema';
import type { Core } from '../../core/create-core';
import { notFound } from '../../core/errors';
import type { App } from '../app';
import { json, readJson } from '../json';
import type { Ctx } from '../router';
import { DEFAULT_BODY_LIMIT } from '../serve';

type Step = (orderId: string, input: unknown) => Promise<StepResult>;

/** A step's body is optional where the step needs no input (complete). */
function readOptionalJson(c: Ctx): unknown {
  return c.req.body === null && !c.req.bodyTooLarge ? {} : readJson(c.req, DEFAULT_BODY_LIMIT);
}

/**
 * The automation API (sim-defined, on the provider API's base URL, same Basic auth): QA scripts and CI
 * play the customer with exactly the code the console uses.
 */
export function testHelperRoutes(app: App, core: Core): void {
  const step = (name: string, run: Step) =>
    app.route(
      'POST',
      `/test_helpers/checkout/orders/:order_id/${name}`,
      `test_helpers.${name}`,
      async (c) => {
        const id = c.params.order_id!;
        c.meta.orderId = id;
        const result = await run(id, readOptionalJson(c));
        c.meta.outcome = result.outcome;
        const { step: _step, ...body } = result;
        return json(200, body);
      },
    );
  step('country', (id, input) => core.steps.country(id, input));
  step('address', (id, input) => core.steps.address(id, input));
  step('shipping_option', (id, input) => core.steps.shippingOption(id, input));
  step('complete', (id, input) => core.steps.complete(id, input));

  // What the customer sees now: the embedded checkout renders the same view.
  app.route('GET', '/test_helpers/checkout/orders/:order_id', 'test_helpers.customer_view', (c) => {
    const id = c.params.order_id!;
    c.meta.orderId = id;
    const view = core.customerView(id);
    if (!view) throw notFound(`order ${id}`);
    return json(200, view);
  });
  // The order's own choice of who tells the merchant first: push or the confirmation redirect.
  app.route('PUT', '/test_helpers/checkout/orders/:order_id/arrival', 'test_helpers.arrival', async (c) => {
    const id = c.params.order_id!;
    c.meta.orderId = id;
    await core.steps.setArrival(id, readJson(c.req, DEFAULT_BODY_LIMIT));
    return json(200, core.customerView(id));
  });

  app.route('GET', '/test_helpers/exchanges', 'test_helpers.exchanges', async (c) => {
    const q = new URLSearchParams(c.req.search);
    const orderId = q.get('order_id') ?? undefined;
    const limit = Math.min(Math.max(Number(q.get('limit') ?? 1000) || 1000, 1), 10_000);
    return json(200, { exchanges: await core.exchanges.list({ orderId, limit, ascending: true }) });
  });
  app.route('DELETE', '/test_helpers/exchanges', 'test_helpers.exchanges.clear', async () =>
    json(200, { cleared: await core.exchanges.clear() }),
  );

  app.route('GET', '/test_helpers/settings', 'test_helpers.settings.read', () =>
    json(200, core.settings.get()),
  );
  app.route('PUT', '/test_helpers/settings', 'test_helpers.settings.update', (c) =>
    json(200, core.settings.update(readJson(c.req, DEFAULT_BODY_LIMIT))),
  );
}
