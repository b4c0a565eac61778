import {
  CheckoutOrderCreateSchema,
  CheckoutOrderSchema,
  CheckoutOrderUpdateSchema,
} from '@shared/schemas/checkout-order.schema';
import type { Core } from '../../core/create-core';
import type { Operation } from '../define-operation';
import { JSON_HEADERS, json, readJson } from '../json';
import { created, fail, LOCATION, ok } from '../openapi/responses';
import type { Ctx, HttpResponse } from '../router';
import { baseUrlOf, DEFAULT_BODY_LIMIT } from '../serve';

const CHECKOUT = 'Checkout';
const ORDER = '/checkout/v3/orders/:order_id';
const notFound = fail(404, 'NOT_FOUND: no such order, or it expired');
const readOnly = fail(403, 'READ_ONLY_ORDER: the order is completed or aborted');

/** The spec forbids reading or writing the order inside an in-session handler: note it when it happens. */
function flagInSessionAccess(core: Core, c: Ctx, orderId: string): void {
  if (!core.locks.isBusy(orderId)) return;
  c.meta.violations.push({
    rule: 'checkout-callbacks.limits',
    path: c.req.path,
    message: `the merchant called ${c.req.method} ${c.req.path} while an in-session callback for this order was waiting for its answer; merchant handlers must not read or write the order inside an in-session handler`,
  });
}

function createCheckoutOrder(c: Ctx, core: Core): HttpResponse {
  const order = core.orders.create(readJson(c.req, DEFAULT_BODY_LIMIT));
  c.meta.orderId = order.order_id;
  c.meta.outcome = 'created';
  const base = baseUrlOf(c.req, '');
  return json(201, order, { Location: `${base}/checkout/v3/orders/${order.order_id}` });
}

function readCheckoutOrder(c: Ctx, core: Core): HttpResponse {
  const id = c.params.order_id!;
  c.meta.orderId = id;
  flagInSessionAccess(core, c, id);
  const { doc, hash } = core.orders.getDoc(id);
  return { status: 200, headers: JSON_HEADERS, body: doc, bodyHash: hash };
}

function updateCheckoutOrder(c: Ctx, core: Core): HttpResponse {
  const id = c.params.order_id!;
  c.meta.orderId = id;
  flagInSessionAccess(core, c, id);
  const order = core.orders.update(id, readJson(c.req, DEFAULT_BODY_LIMIT));
  c.meta.outcome = 'updated';
  return json(200, order);
}

function abortCheckoutOrder(c: Ctx, core: Core): HttpResponse {
  const id = c.params.order_id!;
  c.meta.orderId = id;
  const order = core.orders.abort(id);
  c.meta.outcome = 'aborted';
  return json(200, order);
}

/** The checkout API (merchant → checkout service): `/checkout/v3/orders`. */
export const CHECKOUT_OPERATIONS: readonly Operation<Core>[] = [
  {
    method: 'POST',
    path: '/checkout/v3/orders',
    kind: 'checkout.create',
    tag: CHECKOUT,
    summary: 'Create a checkout order',
    description: 'The order lines must add up (GAPS.md § Checkout API); unknown fields are kept.',
    body: { schema: CheckoutOrderCreateSchema },
    responses: [created(CheckoutOrderSchema, 'The order, with `order_id` and `html_snippet`', LOCATION)],
    handle: createCheckoutOrder,
  },
  {
    method: 'GET',
    path: ORDER,
    kind: 'checkout.read',
    tag: CHECKOUT,
    summary: 'Read a checkout order',
    responses: [ok(CheckoutOrderSchema), notFound],
    handle: readCheckoutOrder,
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
    handle: updateCheckoutOrder,
  },
  {
    method: 'POST',
    path: `${ORDER}/abort`,
    kind: 'checkout.abort',
    tag: CHECKOUT,
    summary: 'Abort a checkout order',
    responses: [ok(CheckoutOrderSchema), readOnly, notFound],
    handle: abortCheckoutOrder,
  },
];
