import type { Core } from '../../core/create-core';
import { readJson } from '../json';
import type { Ctx, HttpResponse } from '../router';
import { DEFAULT_BODY_LIMIT } from '../serve';
import { checkoutErrorMapper } from './checkout-errors';
import { idempotent } from './order-management-idempotency';

/** What the order management routes share: the base path, the ids of the path, the idempotent wrapper. */

export const BASE = '/ordermanagement/v1/orders/:order_id';
export const NO_CONTENT: HttpResponse = { status: 204, headers: {}, body: null };

/** The order id of the path, recorded on the exchange so the call shows in the order's log. */
export function orderOf(c: Ctx): string {
  const id = c.params.order_id!;
  c.meta.orderId = id;
  return id;
}

/** The capture id of the path. */
export const captureOf = (c: Ctx) => c.params.capture_id!;

export const baseUrl = (c: Ctx) => (c.req.headers.host ? `http://${c.req.headers.host}` : '');

/** A body is optional where the call needs none (acknowledge, cancel, extend, release, send-out). */
export function readOptional(c: Ctx): unknown {
  return c.req.body === null && !c.req.bodyTooLarge ? {} : readJson(c.req, DEFAULT_BODY_LIMIT);
}

/** Wraps a handler that changes an order: `Klarna-Idempotency-Key` answers a repeated key the first answer. */
export function omOnce(core: Core) {
  const onError = checkoutErrorMapper(core.log, core.disk);
  return (handler: (c: Ctx) => HttpResponse) => idempotent(core, onError, handler);
}
