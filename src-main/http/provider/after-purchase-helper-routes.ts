import type { StepResult } from '@shared/schemas/session.schema';
import type { Core } from '../../core/create-core';
import { noSuchOrder } from '../../core/order-management/order-management';
import { pushPlan } from '../../core/push/push-timeline';
import type { App } from '../app';
import { json, readJson } from '../json';
import type { Ctx } from '../router';
import { DEFAULT_BODY_LIMIT } from '../serve';

function orderOf(c: Ctx): string {
  const id = c.params.order_id!;
  c.meta.orderId = id;
  return id;
}

/** A step's body without its name, as the other automation steps answer. */
function stepAnswer(c: Ctx, result: StepResult) {
  c.meta.outcome = result.outcome;
  const { step: _step, ...body } = result;
  return json(200, body);
}

/**
 * Automation after the purchase (sim-defined, Basic auth): resolve a pending fraud review, read an
 * order's push timeline and the orders awaiting acknowledgement, and play the customer's upsell.
 */
export function afterPurchaseHelperRoutes(app: App, core: Core): void {
  app.route('POST', '/test_helpers/orders/:order_id/fraud_status', 'test_helpers.fraud_status', async (c) => {
    const result = await core.fraud.resolve(orderOf(c), readJson(c.req, DEFAULT_BODY_LIMIT));
    c.meta.outcome = result.order.order.fraud_status;
    return json(200, result);
  });

  app.route('GET', '/test_helpers/orders/:order_id/push', 'test_helpers.push.timeline', (c) => {
    const id = orderOf(c);
    const timeline = core.timelines.timeline(id);
    if (!timeline) throw noSuchOrder(id);
    return json(200, timeline);
  });

  app.route('GET', '/test_helpers/push', 'test_helpers.push.overview', (c) => {
    const limit = Number(new URLSearchParams(c.req.search).get('limit') ?? 200) || 200;
    return json(200, {
      plan: pushPlan(),
      orders: core.timelines.overview(Math.min(Math.max(limit, 1), 1000)),
    });
  });

  app.route('POST', '/test_helpers/checkout/orders/:order_id/upsell', 'test_helpers.upsell', async (c) =>
    stepAnswer(c, await core.upsell.fetch(orderOf(c))),
  );
  app.route(
    'POST',
    '/test_helpers/checkout/orders/:order_id/upsell/accept',
    'test_helpers.upsell_accept',
    async (c) => stepAnswer(c, await core.upsell.accept(orderOf(c), readJson(c.req, DEFAULT_BODY_LIMIT))),
  );
}
