import {
  CheckoutErrorSchema,
  CheckoutOrderCreateSchema,
  CheckoutOrderSchema,
  CheckoutOrderUpdateSchema,
} from '@shared/schemas/checkout-order.schema';
import {
  CaptureCreateSchema,
  CaptureSchema,
  MerchantReferencesSchema,
  OmOrderSchema,
  RefundCreateSchema,
  RefundSchema,
} from '@shared/schemas/order-management.schema';
import { z } from 'zod';
import type { ApiDoc, OpDoc, ParamDoc } from './op-types';
import { created, fail, LOCATION, noContent, ok } from './responses';

/** An API answering in the checkout error body `{error_code, error_messages, correlation_id}`. */
export function checkoutApi(ops: readonly OpDoc[]): ApiDoc {
  return {
    errorSchema: CheckoutErrorSchema,
    errorMediaType: 'application/json',
    requestMediaTypes: ['application/json'],
    commonErrors: [fail(401, 'UNAUTHORIZED: missing or wrong Basic credentials')],
    bodyErrors: [
      fail(400, 'BAD_VALUE: the body is not valid JSON or breaks a rule; each message names the field'),
      fail(413, 'BAD_VALUE: the body is over 1 MiB'),
      fail(415, 'BAD_VALUE: the Content-Type is not JSON'),
    ],
    ops,
  };
}

const CHECKOUT = 'Checkout';
const OM = 'Order management';
const ORDER = '/checkout/v3/orders/:order_id';
const OM_ORDER = '/ordermanagement/v1/orders/:order_id';
const notFound = fail(404, 'NOT_FOUND: no such order, or it expired');
const readOnly = fail(403, 'READ_ONLY_ORDER: the order is completed or aborted');
const noSuchOrder = fail(404, 'NO_SUCH_ORDER');

const IDEMPOTENCY: ParamDoc[] = [
  {
    name: 'Klarna-Idempotency-Key',
    description: 'A key seen before (same method and path) gets the first answer again and changes nothing',
  },
];

const checkoutOps: OpDoc[] = [
  {
    method: 'POST',
    path: '/checkout/v3/orders',
    kind: 'checkout.create',
    tag: CHECKOUT,
    summary: 'Create a checkout order',
    description: 'The order lines must add up (GAPS.md § Checkout API); unknown fields are kept.',
    body: { schema: CheckoutOrderCreateSchema },
    responses: [created(CheckoutOrderSchema, 'The order, with `order_id` and `html_snippet`', LOCATION)],
  },
  {
    method: 'GET',
    path: ORDER,
    kind: 'checkout.read',
    tag: CHECKOUT,
    summary: 'Read a checkout order',
    responses: [ok(CheckoutOrderSchema), notFound],
  },
  {
    method: 'POST',
    path: ORDER,
    kind: 'checkout.update',
    tag: CHECKOUT,
    summary: 'Update a checkout order',
    description: 'Only while `checkout_incomplete`; the fields given replace the order’s.',
    body: { schema: CheckoutOrderUpdateSchema },
    responses: [ok(CheckoutOrderSchema), readOnly, notFound],
  },
  {
    method: 'POST',
    path: `${ORDER}/abort`,
    kind: 'checkout.abort',
    tag: CHECKOUT,
    summary: 'Abort a checkout order',
    responses: [ok(CheckoutOrderSchema), readOnly, notFound],
  },
];

const omOps: OpDoc[] = [
  {
    method: 'GET',
    path: OM_ORDER,
    kind: 'ordermanagement.read',
    tag: OM,
    summary: 'Read an order after the purchase',
    responses: [ok(OmOrderSchema), noSuchOrder],
  },
  {
    method: 'POST',
    path: `${OM_ORDER}/acknowledge`,
    kind: 'ordermanagement.acknowledge',
    tag: OM,
    summary: 'Acknowledge an order (stops the push schedule)',
    headers: IDEMPOTENCY,
    responses: [noContent('Acknowledged (idempotent)'), noSuchOrder],
  },
  {
    method: 'PATCH',
    path: `${OM_ORDER}/merchant-references`,
    kind: 'ordermanagement.merchant_references',
    tag: OM,
    summary: 'Set the merchant references',
    body: { schema: MerchantReferencesSchema },
    responses: [noContent('Updated'), noSuchOrder],
  },
  {
    method: 'POST',
    path: `${OM_ORDER}/cancel`,
    kind: 'ordermanagement.cancel',
    tag: OM,
    summary: 'Cancel an order',
    headers: IDEMPOTENCY,
    body: { schema: z.looseObject({}), required: false, description: 'Not needed; read if sent' },
    responses: [noContent('Cancelled'), fail(403, 'CANCEL_NOT_ALLOWED: captured already'), noSuchOrder],
  },
  {
    method: 'POST',
    path: `${OM_ORDER}/captures`,
    kind: 'ordermanagement.capture',
    tag: OM,
    summary: 'Capture an amount',
    headers: IDEMPOTENCY,
    body: { schema: CaptureCreateSchema },
    responses: [
      created(undefined, 'Captured', { 'Capture-Id': 'The new capture’s id', ...LOCATION }),
      fail(403, 'CAPTURE_NOT_ALLOWED: beyond the remaining authorized amount, or fraud review pending'),
      noSuchOrder,
    ],
  },
  {
    method: 'GET',
    path: `${OM_ORDER}/captures`,
    kind: 'ordermanagement.captures',
    tag: OM,
    summary: 'List the captures of an order',
    responses: [ok(z.array(CaptureSchema)), noSuchOrder],
  },
  {
    method: 'GET',
    path: `${OM_ORDER}/captures/:capture_id`,
    kind: 'ordermanagement.capture.read',
    tag: OM,
    summary: 'Read a capture',
    responses: [ok(CaptureSchema), fail(404, 'NO_SUCH_ORDER or NO_SUCH_CAPTURE')],
  },
  {
    method: 'POST',
    path: `${OM_ORDER}/refunds`,
    kind: 'ordermanagement.refund',
    tag: OM,
    summary: 'Refund an amount',
    headers: IDEMPOTENCY,
    body: { schema: RefundCreateSchema },
    responses: [
      created(undefined, 'Refunded', { 'Refund-Id': 'The new refund’s id', ...LOCATION }),
      fail(403, 'REFUND_NOT_ALLOWED: beyond what was captured and not yet refunded'),
      noSuchOrder,
    ],
  },
  {
    method: 'GET',
    path: `${OM_ORDER}/refunds/:refund_id`,
    kind: 'ordermanagement.refund.read',
    tag: OM,
    summary: 'Read a refund',
    responses: [ok(RefundSchema), fail(404, 'NO_SUCH_ORDER or NO_SUCH_REFUND')],
  },
];

/** The checkout API and order management (merchant → checkout service), GAPS.md. */
export const CHECKOUT_API = checkoutApi([...checkoutOps, ...omOps]);
