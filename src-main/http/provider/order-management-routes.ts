import type { Core } from '../../core/create-core';
import type { App } from '../app';
import { json, readJson } from '../json';
import { DEFAULT_BODY_LIMIT } from '../serve';
import { orderManagementChangeRoutes } from './order-management-changes';
import { BASE, baseUrl, captureOf, NO_CONTENT, omOnce, orderOf, readOptional } from './order-management-http';

/**
 * Order management (merchant → checkout service), GAPS.md and the real service's reference: fetch,
 * acknowledge, merchant references, cancel, captures and refunds; the authorization, customer details
 * and shipping info (order-management-changes.ts). Errors in the checkout API's body; every call that
 * changes something honours Klarna-Idempotency-Key.
 */
export function orderManagementRoutes(app: App, core: Core): void {
  const { om } = core;
  const once = omOnce(core);

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

  app.route(
    'PATCH',
    `${BASE}/merchant-references`,
    'ordermanagement.merchant_references',
    once((c) => {
      om.setReferences(orderOf(c), readJson(c.req, DEFAULT_BODY_LIMIT));
      c.meta.outcome = 'updated';
      return NO_CONTENT;
    }),
  );

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
    json(200, om.getCapture(orderOf(c), captureOf(c))),
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

  orderManagementChangeRoutes(app, core);
}
