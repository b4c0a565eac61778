import { z } from 'zod';
import {
  CaptureCreateSchema,
  CaptureSchema,
  MerchantReferencesSchema,
  OmOrderSchema,
  RefundCreateSchema,
  RefundSchema,
} from '@shared/schemas/order-management.schema';
import type { Core } from '../../core/create-core';
import { json } from '../json';
import { created, fail, LOCATION, noContent, ok } from '../openapi/responses';
import type { Ctx, HttpResponse } from '../router';
import {
  BASE,
  baseUrl,
  body,
  captureOf,
  changed,
  changing,
  orderOf,
  readOptional,
  type OmOperation,
} from './order-management-http';

export const OM_TAG = 'Order management';
export const noSuchOrder = fail(404, 'NO_SUCH_ORDER');
export const noSuchCapture = fail(
  404,
  'NO_SUCH_ORDER, or NO_SUCH_CAPTURE: the order has no capture of that id',
);
/** The body of a call that needs none. */
export const noBody = { schema: z.looseObject({}), required: false, description: 'Not needed; read if sent' };

function readOrder(c: Ctx, core: Core): HttpResponse {
  return json(200, core.om.get(orderOf(c)));
}

function acknowledgeOrder(c: Ctx, core: Core): HttpResponse {
  core.om.acknowledge(orderOf(c));
  return changed(c, 'acknowledged');
}

function setMerchantReferences(c: Ctx, core: Core): HttpResponse {
  core.om.setReferences(orderOf(c), body(c));
  return changed(c, 'updated');
}

function cancelOrder(c: Ctx, core: Core): HttpResponse {
  const id = orderOf(c);
  readOptional(c);
  core.om.cancel(id);
  return changed(c, 'cancelled');
}

/** 201 without a body: the new capture's or refund's id in its own header, and where it is read. */
function createdUnder(
  c: Ctx,
  orderId: string,
  what: 'captures' | 'refunds',
  idHeader: string,
  id: string,
): HttpResponse {
  return {
    status: 201,
    headers: {
      [idHeader]: id,
      Location: `${baseUrl(c)}/ordermanagement/v1/orders/${orderId}/${what}/${id}`,
    },
    body: null,
  };
}

function createCapture(c: Ctx, core: Core): HttpResponse {
  const id = orderOf(c);
  const capture = core.om.capture(id, body(c));
  c.meta.outcome = 'captured';
  return createdUnder(c, id, 'captures', 'Capture-Id', capture.capture_id);
}

function listCaptures(c: Ctx, core: Core): HttpResponse {
  return json(200, core.om.get(orderOf(c)).captures);
}

function readCapture(c: Ctx, core: Core): HttpResponse {
  return json(200, core.om.getCapture(orderOf(c), captureOf(c)));
}

function createRefund(c: Ctx, core: Core): HttpResponse {
  const id = orderOf(c);
  const refund = core.om.refund(id, body(c));
  c.meta.outcome = 'refunded';
  return createdUnder(c, id, 'refunds', 'Refund-Id', refund.refund_id);
}

function readRefund(c: Ctx, core: Core): HttpResponse {
  return json(200, core.om.getRefund(orderOf(c), c.params.refund_id!));
}

/**
 * Order management (merchant → checkout service), GAPS.md and the real service's reference: fetch,
 * acknowledge, merchant references, cancel, captures and refunds; the authorization, customer details
 * and shipping info are in order-management-change-operations.ts. Errors in the checkout API's body.
 */
export const OM_OPERATIONS: readonly OmOperation[] = [
  {
    method: 'GET',
    path: BASE,
    kind: 'ordermanagement.read',
    tag: OM_TAG,
    summary: 'Read an order after the purchase',
    responses: [ok(OmOrderSchema), noSuchOrder],
    handle: readOrder,
  },
  changing({
    method: 'POST',
    path: `${BASE}/acknowledge`,
    kind: 'ordermanagement.acknowledge',
    tag: OM_TAG,
    summary: 'Acknowledge an order (stops the push schedule)',
    responses: [noContent('Acknowledged (idempotent)'), noSuchOrder],
    handle: acknowledgeOrder,
  }),
  changing({
    method: 'PATCH',
    path: `${BASE}/merchant-references`,
    kind: 'ordermanagement.merchant_references',
    tag: OM_TAG,
    summary: 'Set the merchant references',
    body: { schema: MerchantReferencesSchema },
    responses: [noContent('Updated'), fail(403, 'NOT_ALLOWED: the order is cancelled'), noSuchOrder],
    handle: setMerchantReferences,
  }),
  changing({
    method: 'POST',
    path: `${BASE}/cancel`,
    kind: 'ordermanagement.cancel',
    tag: OM_TAG,
    summary: 'Cancel an order',
    body: noBody,
    responses: [
      noContent('Cancelled'),
      fail(403, 'CANCEL_NOT_ALLOWED: captured already, or CANCELLED, EXPIRED or CLOSED'),
      noSuchOrder,
    ],
    handle: cancelOrder,
  }),
  changing({
    method: 'POST',
    path: `${BASE}/captures`,
    kind: 'ordermanagement.capture',
    tag: OM_TAG,
    summary: 'Capture an amount',
    body: { schema: CaptureCreateSchema },
    responses: [
      created(undefined, 'Captured', { 'Capture-Id': 'The new capture’s id', ...LOCATION }),
      fail(
        403,
        'CAPTURE_NOT_ALLOWED: beyond the remaining authorized amount, past expires_at, not AUTHORIZED or PART_CAPTURED, or fraud review pending',
      ),
      noSuchOrder,
    ],
    handle: createCapture,
  }),
  {
    method: 'GET',
    path: `${BASE}/captures`,
    kind: 'ordermanagement.captures',
    tag: OM_TAG,
    summary: 'List the captures of an order',
    responses: [ok(z.array(CaptureSchema)), noSuchOrder],
    handle: listCaptures,
  },
  {
    method: 'GET',
    path: `${BASE}/captures/:capture_id`,
    kind: 'ordermanagement.capture.read',
    tag: OM_TAG,
    summary: 'Read a capture',
    responses: [ok(CaptureSchema), noSuchCapture],
    handle: readCapture,
  },
  changing({
    method: 'POST',
    path: `${BASE}/refunds`,
    kind: 'ordermanagement.refund',
    tag: OM_TAG,
    summary: 'Refund an amount',
    description: 'The refunded amount counts against the captures oldest first (their `refunded_amount`).',
    body: { schema: RefundCreateSchema },
    responses: [
      created(undefined, 'Refunded', { 'Refund-Id': 'The new refund’s id', ...LOCATION }),
      fail(403, 'REFUND_NOT_ALLOWED: beyond what was captured and not yet refunded'),
      fail(404, 'NOT_FOUND: no such order (the refund calls answer NOT_FOUND, not NO_SUCH_ORDER)'),
    ],
    handle: createRefund,
  }),
  {
    method: 'GET',
    path: `${BASE}/refunds/:refund_id`,
    kind: 'ordermanagement.refund.read',
    tag: OM_TAG,
    summary: 'Read a refund',
    responses: [
      ok(RefundSchema),
      fail(404, 'NOT_FOUND: no such order, or the order has no refund of that id'),
    ],
    handle: readRefund,
  },
];
