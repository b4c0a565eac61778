import type { Core } from '../../core/create-core';
import type { App } from '../app';
import { json, readJson } from '../json';
import { DEFAULT_BODY_LIMIT } from '../serve';

/** The checkout API (merchant → checkout service): `/checkout/v3/orders`. */
export function checkoutRoutes(app: App, core: Core): void {
  app.route('POST', '/checkout/v3/orders', 'checkout.create', (c) => {
    const order = core.orders.create(readJson(c.req, DEFAULT_BODY_LIMIT));
    c.meta.orderId = order.order_id;
    c.meta.outcome = 'created';
    const base = c.req.headers.host ? `http://${c.req.headers.host}` : '';
    return json(201, order, { location: `${base}/checkout/v3/orders/${order.order_id}` });
  });

  app.route('GET', '/checkout/v3/orders/:order_id', 'checkout.read', (c) => {
    c.meta.orderId = c.params.order_id!;
    return {
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: core.orders.getJson(c.params.order_id!),
    };
  });
}
