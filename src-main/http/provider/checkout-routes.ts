import type { Core } from '../../core/create-core';
import type { App } from '../app';
import { JSON_HEADERS, json, readJson } from '../json';
import type { Ctx } from '../router';
import { baseUrlOf, DEFAULT_BODY_LIMIT } from '../serve';

/** The spec forbids reading or writing the order inside an in-session handler: note it when it happens. */
function flagInSessionAccess(core: Core, c: Ctx, orderId: string): void {
  if (!core.locks.isBusy(orderId)) return;
  c.meta.violations.push({
    rule: 'checkout-callbacks.limits',
    path: c.req.path,
    message: `the merchant called ${c.req.method} ${c.req.path} while an in-session callback for this order was waiting for its answer; merchant handlers must not read or write the order inside an in-session handler`,
  });
}

/** The checkout API (merchant → checkout service): `/checkout/v3/orders`. */
export function checkoutRoutes(app: App, core: Core): void {
  app.route('POST', '/checkout/v3/orders', 'checkout.create', (c) => {
    const order = core.orders.create(readJson(c.req, DEFAULT_BODY_LIMIT));
    c.meta.orderId = order.order_id;
    c.meta.outcome = 'created';
    const base = baseUrlOf(c.req.headers, '');
    return json(201, order, { Location: `${base}/checkout/v3/orders/${order.order_id}` });
  });

  app.route('GET', '/checkout/v3/orders/:order_id', 'checkout.read', (c) => {
    const id = c.params.order_id!;
    c.meta.orderId = id;
    flagInSessionAccess(core, c, id);
    const { doc, hash } = core.orders.getDoc(id);
    return { status: 200, headers: JSON_HEADERS, body: doc, bodyHash: hash };
  });

  app.route('POST', '/checkout/v3/orders/:order_id', 'checkout.update', (c) => {
    const id = c.params.order_id!;
    c.meta.orderId = id;
    flagInSessionAccess(core, c, id);
    const order = core.orders.update(id, readJson(c.req, DEFAULT_BODY_LIMIT));
    c.meta.outcome = 'updated';
    return json(200, order);
  });

  app.route('POST', '/checkout/v3/orders/:order_id/abort', 'checkout.abort', (c) => {
    const id = c.params.order_id!;
    c.meta.orderId = id;
    const order = core.orders.abort(id);
    c.meta.outcome = 'aborted';
    return json(200, order);
  });
}
