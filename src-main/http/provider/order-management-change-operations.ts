import {
  AuthorizationUpdateSchema,
  CaptureCustomerDetailsSchema,
  CustomerDetailsSchema,
  DueDateOptionsSchema,
  ExtendDueDateSchema,
  UpdateShippingInfoSchema,
} from '@shared/schemas/om-updates.schema';
import type { Core } from '../../core/create-core';
import { json } from '../json';
import { fail, noContent, ok } from '../openapi/responses';
import type { Ctx, HttpResponse } from '../router';
import {
  BASE,
  body,
  captureOf,
  changed,
  changing,
  orderOf,
  readOptional,
  type OmOperation,
} from './order-management-http';
import { noBody, noSuchCapture, noSuchOrder, OM_TAG } from './order-management-operations';

const CAPTURE = `${BASE}/captures/:capture_id`;

// Each handler is a named function (not an arrow from a factory) so a stack trace and a code walker name it.

function updateAuthorization(c: Ctx, core: Core): HttpResponse {
  core.omChanges.updateAuthorization(orderOf(c), body(c));
  return changed(c, 'authorization_updated');
}

function extendAuthorization(c: Ctx, core: Core): HttpResponse {
  const id = orderOf(c);
  readOptional(c);
  core.omChanges.extendAuthorization(id);
  return changed(c, 'authorization_extended');
}

function releaseRemainingAuthorization(c: Ctx, core: Core): HttpResponse {
  const id = orderOf(c);
  readOptional(c);
  core.omChanges.releaseRemaining(id);
  return changed(c, 'authorization_released');
}

function updateCustomerDetails(c: Ctx, core: Core): HttpResponse {
  core.omChanges.updateCustomer(orderOf(c), body(c));
  return changed(c, 'customer_updated');
}

function addShippingInfo(c: Ctx, core: Core): HttpResponse {
  core.omChanges.addShippingInfo(orderOf(c), body(c));
  return changed(c, 'shipping_info_added');
}

function addCaptureShippingInfo(c: Ctx, core: Core): HttpResponse {
  core.omChanges.addCaptureShippingInfo(orderOf(c), captureOf(c), body(c));
  return changed(c, 'shipping_info_added');
}

function updateCaptureCustomerDetails(c: Ctx, core: Core): HttpResponse {
  core.omChanges.updateCaptureCustomer(orderOf(c), captureOf(c), body(c));
  return changed(c, 'customer_updated');
}

function triggerSendOut(c: Ctx, core: Core): HttpResponse {
  const id = orderOf(c);
  readOptional(c);
  core.omChanges.triggerSendOut(id, captureOf(c));
  return changed(c, 'sent_out');
}

function extendDueDate(c: Ctx, core: Core): HttpResponse {
  core.omChanges.extendDueDate(orderOf(c), captureOf(c), body(c));
  return changed(c, 'due_date_extended');
}

function listDueDateOptions(c: Ctx, core: Core): HttpResponse {
  return json(200, core.omChanges.dueDateOptions(orderOf(c), captureOf(c)));
}

/**
 * Order management beyond capture, refund and cancel (the real service's reference): the authorization
 * (update, extend, release), the customer's shipping address, shipping info of the order and of a
 * capture, and a capture's send-out and due date. Each answers 204; refusals are 403 NOT_ALLOWED.
 */
export const OM_CHANGE_OPERATIONS: readonly OmOperation[] = [
  changing({
    method: 'PATCH',
    path: `${BASE}/authorization`,
    kind: 'ordermanagement.authorization',
    tag: OM_TAG,
    summary: 'Update the order amount and order lines',
    description:
      'order_lines, when given, replace the order’s, are checked with the checkout’s arithmetic and must add up to order_amount; when left out the lines stay. An increase may reach original_order_amount + 10 % (the limit is the simulator’s: the real service runs a new risk assessment).',
    body: { schema: AuthorizationUpdateSchema },
    responses: [
      noContent('Updated'),
      fail(
        403,
        'NOT_ALLOWED: the order is CAPTURED, CANCELLED or EXPIRED, its authorization expired, its fraud review is not ACCEPTED, order_amount is below the captured amount, 0, or an increase beyond the limit',
      ),
      noSuchOrder,
    ],
    handle: updateAuthorization,
  }),
  changing({
    method: 'POST',
    path: `${BASE}/extend-authorization-time`,
    kind: 'ordermanagement.extend_authorization',
    tag: OM_TAG,
    summary: 'Extend the authorization time',
    description:
      'expires_at becomes 28 days after the start of the current order day (days counted from created_at), at most 180 days after the purchase; a second call the same day changes nothing.',
    body: noBody,
    responses: [
      noContent('Extended (or already as far as an extension today reaches)'),
      fail(
        403,
        'NOT_ALLOWED: the order is CAPTURED, CANCELLED or EXPIRED, its authorization expired, or expires_at is 180 days after the purchase already',
      ),
      noSuchOrder,
    ],
    handle: extendAuthorization,
  }),
  changing({
    method: 'POST',
    path: `${BASE}/release-remaining-authorization`,
    kind: 'ordermanagement.release_authorization',
    tag: OM_TAG,
    summary: 'Release the remaining authorization',
    description: 'A PART_CAPTURED order becomes CAPTURED; remaining_authorized_amount becomes 0.',
    body: noBody,
    responses: [
      noContent('Released'),
      fail(
        403,
        'NOT_ALLOWED: nothing is captured (cancel instead), or the order is CAPTURED, CANCELLED or EXPIRED',
      ),
      noSuchOrder,
    ],
    handle: releaseRemainingAuthorization,
  }),
  changing({
    method: 'PATCH',
    path: `${BASE}/customer-details`,
    kind: 'ordermanagement.customer_details',
    tag: OM_TAG,
    summary: 'Update the customer’s shipping address',
    description:
      'The fields given replace the order’s; an empty string clears a field, except given_name, family_name, email, street_address, postal_code, city and country.',
    body: { schema: CustomerDetailsSchema },
    responses: [
      noContent('Updated'),
      fail(
        403,
        'NOT_ALLOWED: billing_address given, the shipping country changes, or the order is CAPTURED, CANCELLED or EXPIRED',
      ),
      noSuchOrder,
    ],
    handle: updateCustomerDetails,
  }),
  changing({
    method: 'POST',
    path: `${BASE}/shipping-info`,
    kind: 'ordermanagement.shipping_info',
    tag: OM_TAG,
    summary: 'Add shipping info to the order',
    body: { schema: UpdateShippingInfoSchema },
    responses: [noContent('Appended to the order’s shipping_info'), noSuchOrder],
    handle: addShippingInfo,
  }),
  changing({
    method: 'POST',
    path: `${CAPTURE}/shipping-info`,
    kind: 'ordermanagement.capture.shipping_info',
    tag: OM_TAG,
    summary: 'Add shipping info to a capture',
    body: { schema: UpdateShippingInfoSchema },
    responses: [
      noContent('Appended to the capture’s shipping_info'),
      fail(403, 'NOT_ALLOWED: the order has no captures'),
      noSuchCapture,
    ],
    handle: addCaptureShippingInfo,
  }),
  changing({
    method: 'PATCH',
    path: `${CAPTURE}/customer-details`,
    kind: 'ordermanagement.capture.customer_details',
    tag: OM_TAG,
    summary: 'Update the billing address of a capture',
    description:
      'As the official PHP SDK’s Capture::updateCustomerDetails calls it (the current OpenAPI does not list it): the given billing_address fields replace the capture’s, an empty string clears one; the country and the shipping address cannot change.',
    body: { schema: CaptureCustomerDetailsSchema },
    responses: [
      noContent('Updated'),
      fail(403, 'NOT_ALLOWED: the order has no captures, shipping_address was given, or the country changes'),
      noSuchCapture,
    ],
    handle: updateCaptureCustomerDetails,
  }),
  changing({
    method: 'POST',
    path: `${CAPTURE}/trigger-send-out`,
    kind: 'ordermanagement.capture.send_out',
    tag: OM_TAG,
    summary: 'Send the capture’s customer communication again',
    body: noBody,
    responses: [noContent('Sent out'), fail(403, 'NOT_ALLOWED: the order has no captures'), noSuchCapture],
    handle: triggerSendOut,
  }),
  changing({
    method: 'PATCH',
    path: `${CAPTURE}/extend-due-date`,
    kind: 'ordermanagement.capture.extend_due_date',
    tag: OM_TAG,
    summary: 'Extend the customer’s payment due date',
    description:
      'number_of_days must be one of the options offered (GET …/extend-due-date-options). Due dates, options and fees are the simulator’s: a pay-later capture is due 30 days after it was captured and can be extended once.',
    body: { schema: ExtendDueDateSchema },
    responses: [
      noContent('Extended'),
      fail(
        403,
        'NOT_ALLOWED: not a pay-later order, extended already, fully refunded, or the due date has passed',
      ),
      noSuchCapture,
    ],
    handle: extendDueDate,
  }),
  {
    method: 'GET',
    path: `${CAPTURE}/extend-due-date-options`,
    kind: 'ordermanagement.capture.due_date_options',
    tag: OM_TAG,
    summary: 'List the options for extending the payment due date',
    description:
      'Simulator-defined options and fees: 7, 14 or 30 days for 1 %, 1.8 % or 3 % of what is owed on the capture (captured − refunded); no options when the due date cannot be extended.',
    responses: [
      { ...ok(DueDateOptionsSchema), description: 'The options (options and fees are the simulator’s)' },
      noSuchCapture,
    ],
    handle: listDueDateOptions,
  },
];
