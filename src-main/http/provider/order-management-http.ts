import type { Core } from '../../core/create-core';
import type { Operation } from '../define-operation';
import { readJson } from '../json';
import type { ParamDoc } from '../openapi/op-types';
import type { Ctx, Handler, HttpResponse } from '../router';
import { baseUrlOf, DEFAULT_BODY_LIMIT } from '../serve';
import { checkoutErrorMapper } from './checkout-errors';
import { idempotent } from './order-management-idempotency';

/** What the order management operations share: the base path, the ids of the path, idempotency. */

export const BASE = '/ordermanagement/v1/orders/:order_id';
const NO_CONTENT: HttpResponse = { status: 204, headers: {}, body: null };

/** The order id of the path, recorded on the exchange so the call shows in the order's log. */
export function orderOf(c: Ctx): string {
  const id = c.params.order_id!;
  c.meta.orderId = id;
  return id;
}

/** The capture id of the path. */
export const captureOf = (c: Ctx) => c.params.capture_id!;

export const baseUrl = (c: Ctx) => baseUrlOf(c.req, '');

/** The answer of a call that changed the order: 204, with `outcome` recorded on the exchange. */
export function changed(c: Ctx, outcome: string): HttpResponse {
  c.meta.outcome = outcome;
  return NO_CONTENT;
}

/** A body is optional where the call needs none (acknowledge, cancel, extend, release, send-out). */
export function readOptional(c: Ctx): unknown {
  return c.req.body === null && !c.req.bodyTooLarge ? {} : readJson(c.req, DEFAULT_BODY_LIMIT);
}

/** The JSON body of a call that needs one. */
export const body = (c: Ctx) => readJson(c.req, DEFAULT_BODY_LIMIT);

/** An order management operation; its handlers answer at once (the idempotent wrapper needs it). */
export interface OmOperation extends Operation<Core, HttpResponse> {
  /** It changes the order, so it honours `Klarna-Idempotency-Key` (and the document says so). */
  idempotent?: true;
}

const IDEMPOTENCY: ParamDoc[] = [
  {
    name: 'Klarna-Idempotency-Key',
    description: 'A key seen before (same method and path) gets the first answer again and changes nothing',
  },
];

/** Declares an operation that changes an order: a repeated `Klarna-Idempotency-Key` gets the first answer. */
export function changing(op: Omit<OmOperation, 'headers' | 'idempotent'>): OmOperation {
  return { ...op, headers: IDEMPOTENCY, idempotent: true };
}

/** The router's wrapper of order management: the changing operations behind the idempotency check. */
export function idempotentChanges(core: Core) {
  const onError = checkoutErrorMapper(core.log, core.disk);
  return (op: OmOperation, handler: (c: Ctx) => HttpResponse): Handler =>
    op.idempotent ? idempotent(core, onError, handler) : handler;
}
