import type { Core } from '../../core/create-core';
import type { App } from '../app';
import { json, readJson } from '../json';
import type { Ctx } from '../router';
import { DEFAULT_BODY_LIMIT } from '../serve';
import { BASE, captureOf, NO_CONTENT, omOnce, orderOf, readOptional } from './order-management-http';

const CAPTURE = `${BASE}/captures/:capture_id`;
const body = (c: Ctx) => readJson(c.req, DEFAULT_BODY_LIMIT);

/**
 * Order management beyond capture, refund and cancel (the real service's reference): the authorization
 * (update, extend, release), the customer's shipping address, shipping info of the order and of a
 * capture, and a capture's send-out and due date. Each answers 204; refusals are 403 NOT_ALLOWED.
 */
export function orderManagementChangeRoutes(app: App, core: Core): void {
  const changes = core.omChanges;
  const once = omOnce(core);
  /** A call that changes the order and answers 204, recorded on the exchange with `outcome`. */
  const change = (outcome: string, run: (c: Ctx, orderId: string) => void) =>
    once((c) => {
      run(c, orderOf(c));
      c.meta.outcome = outcome;
      return NO_CONTENT;
    });

  app.route(
    'PATCH',
    `${BASE}/authorization`,
    'ordermanagement.authorization',
    change('authorization_updated', (c, id) => changes.updateAuthorization(id, body(c))),
  );
  app.route(
    'POST',
    `${BASE}/extend-authorization-time`,
    'ordermanagement.extend_authorization',
    change('authorization_extended', (c, id) => {
      readOptional(c);
      changes.extendAuthorization(id);
    }),
  );
  app.route(
    'POST',
    `${BASE}/release-remaining-authorization`,
    'ordermanagement.release_authorization',
    change('authorization_released', (c, id) => {
      readOptional(c);
      changes.releaseRemaining(id);
    }),
  );
  app.route(
    'PATCH',
    `${BASE}/customer-details`,
    'ordermanagement.customer_details',
    change('customer_updated', (c, id) => changes.updateCustomer(id, body(c))),
  );
  app.route(
    'POST',
    `${BASE}/shipping-info`,
    'ordermanagement.shipping_info',
    change('shipping_info_added', (c, id) => changes.addShippingInfo(id, body(c))),
  );
  app.route(
    'POST',
    `${CAPTURE}/shipping-info`,
    'ordermanagement.capture.shipping_info',
    change('shipping_info_added', (c, id) => changes.addCaptureShippingInfo(id, captureOf(c), body(c))),
  );
  app.route(
    'PATCH',
    `${CAPTURE}/customer-details`,
    'ordermanagement.capture.customer_details',
    change('customer_updated', (c, id) => changes.updateCaptureCustomer(id, captureOf(c), body(c))),
  );
  app.route(
    'POST',
    `${CAPTURE}/trigger-send-out`,
    'ordermanagement.capture.send_out',
    change('sent_out', (c, id) => {
      readOptional(c);
      changes.triggerSendOut(id, captureOf(c));
    }),
  );
  app.route(
    'PATCH',
    `${CAPTURE}/extend-due-date`,
    'ordermanagement.capture.extend_due_date',
    change('due_date_extended', (c, id) => changes.extendDueDate(id, captureOf(c), body(c))),
  );
  app.route('GET', `${CAPTURE}/extend-due-date-options`, 'ordermanagement.capture.due_date_options', (c) =>
    json(200, changes.dueDateOptions(orderOf(c), captureOf(c))),
  );
}
