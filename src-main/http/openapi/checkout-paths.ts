import {
  CheckoutErrorSchema,
  CheckoutOrderCreateSchema,
  CheckoutOrderSchema,
  CheckoutOrderUpdateSchema,
} from '@shared/schemas/checkout-order.schema';
import type { ApiDoc, OpDoc } from './op-types';
import { OM_OPS } from './om-paths';
import { created, fail, LOCATION, ok } from './responses';

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
const ORDER = '/checkout/v3/orders/:order_id';
const notFound = fail(404, 'NOT_FOUND: no such order, or it expired');
const readOnly = fail(403, 'READ_ONLY_ORDER: the order is completed or aborted');

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

/** The checkout API and order management (merchant → checkout service), GAPS.md. */
export const CHECKOUT_API = checkoutApi([...checkoutOps, ...OM_OPS]);
