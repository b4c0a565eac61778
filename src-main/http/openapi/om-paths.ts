import { z } from 'zod';
import {
  AuthorizationUpdateSchema,
  CaptureCustomerDetailsSchema,
  CustomerDetailsSchema,
  DueDateOptionsSchema,
  ExtendDueDateSchema,
  UpdateShippingInfoSchema,
} from '@shared/schemas/om-updates.schema';
import {
  CaptureCreateSchema,
  CaptureSchema,
  MerchantReferencesSchema,
  OmOrderSchema,
  RefundCreateSchema,
  RefundSchema,
} from '@shared/schemas/order-management.schema';
import type { OpDoc, ParamDoc } from './op-types';
import { created, fail, LOCATION, noContent, ok } from './responses';

const OM = 'Order management';
const ORDER = '/ordermanagement/v1/orders/:order_id';
const CAPTURE = `${ORDER}/captures/:capture_id`;
const noSuchOrder = fail(404, 'NO_SUCH_ORDER');
const noSuchCapture = fail(404, 'NO_SUCH_ORDER, or NO_SUCH_CAPTURE: the order has no capture of that id');
const noBody = { schema: z.looseObject({}), required: false, description: 'Not needed; read if sent' };

const IDEMPOTENCY: ParamDoc[] = [
  {
    name: 'Klarna-Idempotency-Key',
    description: 'A key seen before (same method and path) gets the first answer again and changes nothing',
  },
];

/** The operations of before: read, acknowledge, references, cancel, captures and refunds. */
const coreOps: OpDoc[] = [
  {
    method: 'GET',
    path: ORDER,
    kind: 'ordermanagement.read',
    tag: OM,
    summary: 'Read an order after the purchase',
    responses: [ok(OmOrderSchema), noSuchOrder],
  },
  {
    method: 'POST',
    path: `${ORDER}/acknowledge`,
    kind: 'ordermanagement.acknowledge',
    tag: OM,
    summary: 'Acknowledge an order (stops the push schedule)',
    headers: IDEMPOTENCY,
    responses: [noContent('Acknowledged (idempotent)'), noSuchOrder],
  },
  {
    method: 'PATCH',
    path: `${ORDER}/merchant-references`,
    kind: 'ordermanagement.merchant_references',
    tag: OM,
    summary: 'Set the merchant references',
    headers: IDEMPOTENCY,
    body: { schema: MerchantReferencesSchema },
    responses: [noContent('Updated'), fail(403, 'NOT_ALLOWED: the order is cancelled'), noSuchOrder],
  },
  {
    method: 'POST',
    path: `${ORDER}/cancel`,
    kind: 'ordermanagement.cancel',
    tag: OM,
    summary: 'Cancel an order',
    headers: IDEMPOTENCY,
    body: noBody,
    responses: [
      noContent('Cancelled'),
      fail(403, 'CANCEL_NOT_ALLOWED: captured already, or CANCELLED, EXPIRED or CLOSED'),
      noSuchOrder,
    ],
  },
  {
    method: 'POST',
    path: `${ORDER}/captures`,
    kind: 'ordermanagement.capture',
    tag: OM,
    summary: 'Capture an amount',
    headers: IDEMPOTENCY,
    body: { schema: CaptureCreateSchema },
    responses: [
      created(undefined, 'Captured', { 'Capture-Id': 'The new capture’s id', ...LOCATION }),
      fail(
        403,
        'CAPTURE_NOT_ALLOWED: beyond the remaining authorized amount, past expires_at, not AUTHORIZED or PART_CAPTURED, or fraud review pending',
      ),
      noSuchOrder,
    ],
  },
  {
    method: 'GET',
    path: `${ORDER}/captures`,
    kind: 'ordermanagement.captures',
    tag: OM,
    summary: 'List the captures of an order',
    responses: [ok(z.array(CaptureSchema)), noSuchOrder],
  },
  {
    method: 'GET',
    path: CAPTURE,
    kind: 'ordermanagement.capture.read',
    tag: OM,
    summary: 'Read a capture',
    responses: [ok(CaptureSchema), noSuchCapture],
  },
  {
    method: 'POST',
    path: `${ORDER}/refunds`,
    kind: 'ordermanagement.refund',
    tag: OM,
    summary: 'Refund an amount',
    description: 'The refunded amount counts against the captures oldest first (their `refunded_amount`).',
    headers: IDEMPOTENCY,
    body: { schema: RefundCreateSchema },
    responses: [
      created(undefined, 'Refunded', { 'Refund-Id': 'The new refund’s id', ...LOCATION }),
      fail(403, 'REFUND_NOT_ALLOWED: beyond what was captured and not yet refunded'),
      fail(404, 'NOT_FOUND: no such order (the refund calls answer NOT_FOUND, not NO_SUCH_ORDER)'),
    ],
  },
  {
    method: 'GET',
    path: `${ORDER}/refunds/:refund_id`,
    kind: 'ordermanagement.refund.read',
    tag: OM,
    summary: 'Read a refund',
    responses: [
      ok(RefundSchema),
      fail(404, 'NOT_FOUND: no such order, or the order has no refund of that id'),
    ],
  },
];

/** The authorization, the customer, shipping info and a capture's communication and due date. */
const changeOps: OpDoc[] = [
  {
    method: 'PATCH',
    path: `${ORDER}/authorization`,
    kind: 'ordermanagement.authorization',
    tag: OM,
    summary: 'Update the order amount and order lines',
    description:
      'order_lines, when given, replace the order’s, are checked with the checkout’s arithmetic and must add up to order_amount; when left out the lines stay. An increase may reach original_order_amount + 10 % (the limit is the simulator’s: the real service runs a new risk assessment).',
    headers: IDEMPOTENCY,
    body: { schema: AuthorizationUpdateSchema },
    responses: [
      noContent('Updated'),
      fail(
        403,
        'NOT_ALLOWED: the order is CAPTURED, CANCELLED or EXPIRED, its authorization expired, its fraud review is not ACCEPTED, order_amount is below the captured amount, 0, or an increase beyond the limit',
      ),
      noSuchOrder,
    ],
  },
  {
    method: 'POST',
    path: `${ORDER}/extend-authorization-time`,
    kind: 'ordermanagement.extend_authorization',
    tag: OM,
    summary: 'Extend the authorization time',
    description:
      'expires_at becomes 28 days after the start of the current order day (days counted from created_at), at most 180 days after the purchase; a second call the same day changes nothing.',
    headers: IDEMPOTENCY,
    body: noBody,
    responses: [
      noContent('Extended (or already as far as an extension today reaches)'),
      fail(
        403,
        'NOT_ALLOWED: the order is CAPTURED, CANCELLED or EXPIRED, its authorization expired, or expires_at is 180 days after the purchase already',
      ),
      noSuchOrder,
    ],
  },
  {
    method: 'POST',
    path: `${ORDER}/release-remaining-authorization`,
    kind: 'ordermanagement.release_authorization',
    tag: OM,
    summary: 'Release the remaining authorization',
    description: 'A PART_CAPTURED order becomes CAPTURED; remaining_authorized_amount becomes 0.',
    headers: IDEMPOTENCY,
    body: noBody,
    responses: [
      noContent('Released'),
      fail(
        403,
        'NOT_ALLOWED: nothing is captured (cancel instead), or the order is CAPTURED, CANCELLED or EXPIRED',
      ),
      noSuchOrder,
    ],
  },
  {
    method: 'PATCH',
    path: `${ORDER}/customer-details`,
    kind: 'ordermanagement.customer_details',
    tag: OM,
    summary: 'Update the customer’s shipping address',
    description:
      'The fields given replace the order’s; an empty string clears a field, except given_name, family_name, email, street_address, postal_code, city and country.',
    headers: IDEMPOTENCY,
    body: { schema: CustomerDetailsSchema },
    responses: [
      noContent('Updated'),
      fail(
        403,
        'NOT_ALLOWED: billing_address given, the shipping country changes, or the order is CAPTURED, CANCELLED or EXPIRED',
      ),
      noSuchOrder,
    ],
  },
  {
    method: 'POST',
    path: `${ORDER}/shipping-info`,
    kind: 'ordermanagement.shipping_info',
    tag: OM,
    summary: 'Add shipping info to the order',
    headers: IDEMPOTENCY,
    body: { schema: UpdateShippingInfoSchema },
    responses: [noContent('Appended to the order’s shipping_info'), noSuchOrder],
  },
  {
    method: 'POST',
    path: `${CAPTURE}/shipping-info`,
    kind: 'ordermanagement.capture.shipping_info',
    tag: OM,
    summary: 'Add shipping info to a capture',
    headers: IDEMPOTENCY,
    body: { schema: UpdateShippingInfoSchema },
    responses: [
      noContent('Appended to the capture’s shipping_info'),
      fail(403, 'NOT_ALLOWED: the order has no captures'),
      noSuchCapture,
    ],
  },
  {
    method: 'PATCH',
    path: `${CAPTURE}/customer-details`,
    kind: 'ordermanagement.capture.customer_details',
    tag: OM,
    summary: 'Update the billing address of a capture',
    description:
      'As the official PHP SDK’s Capture::updateCustomerDetails calls it (the current OpenAPI does not list it): the given billing_address fields replace the capture’s, an empty string clears one; the country and the shipping address cannot change.',
    headers: IDEMPOTENCY,
    body: { schema: CaptureCustomerDetailsSchema },
    responses: [
      noContent('Updated'),
      fail(403, 'NOT_ALLOWED: the order has no captures, shipping_address was given, or the country changes'),
      noSuchCapture,
    ],
  },
  {
    method: 'POST',
    path: `${CAPTURE}/trigger-send-out`,
    kind: 'ordermanagement.capture.send_out',
    tag: OM,
    summary: 'Send the capture’s customer communication again',
    headers: IDEMPOTENCY,
    body: noBody,
    responses: [noContent('Sent out'), fail(403, 'NOT_ALLOWED: the order has no captures'), noSuchCapture],
  },
  {
    method: 'PATCH',
    path: `${CAPTURE}/extend-due-date`,
    kind: 'ordermanagement.capture.extend_due_date',
    tag: OM,
    summary: 'Extend the customer’s payment due date',
    description:
      'number_of_days must be one of the options offered (GET …/extend-due-date-options). Due dates, options and fees are the simulator’s: a pay-later capture is due 30 days after it was captured and can be extended once.',
    headers: IDEMPOTENCY,
    body: { schema: ExtendDueDateSchema },
    responses: [
      noContent('Extended'),
      fail(
        403,
        'NOT_ALLOWED: not a pay-later order, extended already, fully refunded, or the due date has passed',
      ),
      noSuchCapture,
    ],
  },
  {
    method: 'GET',
    path: `${CAPTURE}/extend-due-date-options`,
    kind: 'ordermanagement.capture.due_date_options',
    tag: OM,
    summary: 'List the options for extending the payment due date',
    description:
      'Simulator-defined options and fees: 7, 14 or 30 days for 1 %, 1.8 % or 3 % of what is owed on the capture (captured − refunded); no options when the due date cannot be extended.',
    responses: [
      { ...ok(DueDateOptionsSchema), description: 'The options (options and fees are the simulator’s)' },
      noSuchCapture,
    ],
  },
];

/** Order management (merchant → checkout service): GAPS.md and the real service's reference. */
export const OM_OPS: readonly OpDoc[] = [...coreOps, ...changeOps];
