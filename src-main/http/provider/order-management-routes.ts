import type { Core } from '../../core/create-core';
import type { App } from '../app';
import { json, readJson } from '../json';
import type { Ctx, HttpResponse } from '../router';
import { DEFAULT_BODY_LIMIT } from '../serve';
import { checkoutErrorMapper } from './checkout-errors';
import { idempotent } from './order-management-idempotency';

const BASE = '/ordermanagement/v1/orders/:order_id';
const NO_CONTENT: HttpResponse = { status: 204, headers: {}, body: null };

/** The order id of the path, recorded on the exchange so the call shows in the order's log. */
function orderOf(c: Ctx): string {
  const id = c.params.order_id!;
  c.meta.orderId = id;
  return id;
}

const baseUrl = (c: Ctx) => (c.req.headers.host ? `http://${c.req.headers.host}` : '');

/** A body is optional where the call needs none (acknowledge, cancel). */
function readOptional(c: Ctx): unknown {
  return c.req.body === null && !c.req.bodyTooLarge ? {} : readJson(c.req, DEFAULT_BODY_LIMIT);
}

/**
 * Order management (merchant → checkout service), GAPS.md: fetch, acknowledge, merchant references,
 * cancel, captures and refunds. Errors in the checkout API's body; POSTs honour Klarna-Idempotency-Key.
 */
export function orderManagementRoutes(app: App, core: Core): void {
  const { om } = core;
  const once = (handler: (c: Ctx) => HttpResponse) =>
    idempotent(core, checkoutErrorMapper(core.log), handler);

  app.route('GET', BASE, 'ordermanagement.read', (c) => json(200, om.get(orderOf(c))));

  app.route(
    'POST',
    `${BASE}/acknowledge`,
    'ordermanagement.acknowledge',
    once((c) => {
      om.acknowledge(orderOf(c));
      c.meta.outcome = 'acknowledged';
      return NO_CONTENT;
    }),
  );

  app.route('PATCH', `${BASE}/merchant-references`, 'ordermanagement.merchant_references', (c) => {
    om.setReferences(orderOf(c), readJson(c.req, DEFAULT_BODY_LIMIT));
    c.meta.outcome = 'updated';
    return NO_CONTENT;
  });

  app.route(
    'POST',
    `${BASE}/cancel`,
    'ordermanagement.cancel',
    once((c) => {
      const id = orderOf(c);
      readOptional(c);
      om.cancel(id);
      c.meta.outcome = 'cancelled';
      return NO_CONTENT;
    }),
  );

  app.route(
    'POST',
    `${BASE}/captures`,
    'ordermanagement.capture',
    once((c) => {
      const id = orderOf(c);
      const capture = om.capture(id, readJson(c.req, DEFAULT_BODY_LIMIT));
      c.meta.outcome = 'captured';
      return {
        status: 201,
        headers: {
          'Capture-Id': capture.capture_id,
          Location: `${baseUrl(c)}/ordermanagement/v1/orders/${id}/captures/${capture.capture_id}`,
        },
        body: null,
      };
    }),
  );

  app.route('GET', `${BASE}/captures`, 'ordermanagement.captures', (c) =>
    json(200, om.get(orderOf(c)).captures),
  );
  app.route('GET', `${BASE}/captures/:capture_id`, 'ordermanagement.capture.read', (c) =>
    json(200, om.getCapture(orderOf(c), c.params.capture_id!)),
  );

  app.route(
    'POST',
    `${BASE}/refunds`,
    'ordermanagement.refund',
    once((c) => {
      const id = orderOf(c);
      const refund = om.refund(id, readJson(c.req, DEFAULT_BODY_LIMIT));
      c.meta.outcome = 'refunded';
      return {
        status: 201,
        headers: {
          'Refund-Id': refund.refund_id,
          Location: `${baseUrl(c)}/ordermanagement/v1/orders/${id}/refunds/${refund.refund_id}`,
        },
        body: null,
      };
    }),
  );

  app.route('GET', `${BASE}/refunds/:refund_id`, 'ordermanagement.refund.read', (c) =>
    json(200, om.getRefund(orderOf(c), c.params.refund_id!)),
  );
}
