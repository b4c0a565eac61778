import { REQUIRED_ADDRESS_FIELDS, type Address } from '@shared/schemas/checkout-order.schema';
import type { AddressUpdate, AuthorizationUpdate, ShippingInfo } from '@shared/schemas/om-updates.schema';
import type { Capture, OmOrder } from '@shared/schemas/order-management.schema';
import { invalid, notFound } from '../errors';
import { AUTHORIZATION_VALIDITY_MS, authorizationLapsed, forbidden } from './om-doc';

/**
 * The changes to an order before and after delivery, as pure functions of its document: the update of
 * the authorization, its extension and release, the customer's shipping address, shipping info.
 * Refusals are `403 NOT_ALLOWED` with a message naming the field and the rule.
 */

const DAY_MS = 24 * 3600 * 1000;

/** How far above the purchase's amount an increase may go (sim-defined: the real service runs a new risk assessment). */
export const INCREASE_LIMIT_PERCENT = 10;
/** An authorization can be extended up to this many days after the purchase (the real service's maximum). */
export const MAX_AUTHORIZATION_DAYS = 180;

const notAllowed = (message: string) => forbidden('NOT_ALLOWED', message);

/** The highest order_amount an increase may reach: the purchase's amount plus INCREASE_LIMIT_PERCENT. */
export const increaseLimit = (o: OmOrder) =>
  Math.floor((o.original_order_amount * (100 + INCREASE_LIMIT_PERCENT)) / 100);

/** An order whose authorization is still open: authorized or part captured, and not past `expires_at`. */
function assertOpen(o: OmOrder, at: string, refuse: (why: string) => Error): void {
  if (o.status === 'CAPTURED') throw refuse('it is CAPTURED (fully captured): no authorization is left');
  if (o.status !== 'AUTHORIZED' && o.status !== 'PART_CAPTURED') throw refuse(`it is ${o.status}`);
  if (authorizationLapsed(o, at)) throw refuse(`its authorization expired at ${o.expires_at}`);
}

/** `PATCH …/authorization`: a new order_amount (and lines), between the captured amount and the increase limit. */
export function applyAuthorizationUpdate(o: OmOrder, input: AuthorizationUpdate, at: string): OmOrder {
  const refuse = (why: string) =>
    notAllowed(`the authorization of order ${o.order_id} cannot be updated: ${why}`);
  assertOpen(o, at, refuse);
  if (o.fraud_status !== 'ACCEPTED') throw refuse(`its fraud_status is ${o.fraud_status}`);
  const amount = input.order_amount;
  if (amount < o.captured_amount) {
    throw refuse(`order_amount ${amount} is less than the captured amount ${o.captured_amount}`);
  }
  if (amount === 0) {
    throw refuse(
      'order_amount 0 would leave nothing authorized and nothing captured: cancel the order instead',
    );
  }
  const limit = increaseLimit(o);
  if (amount > o.order_amount && amount > limit) {
    throw refuse(
      `order_amount ${amount} is an increase beyond ${limit} (original_order_amount ${o.original_order_amount} + ${INCREASE_LIMIT_PERCENT} %): the risk assessment refuses it; place a new order for the rest`,
    );
  }
  const remaining = amount - o.captured_amount;
  return {
    ...o,
    order_amount: amount,
    remaining_authorized_amount: remaining,
    status: remaining === 0 ? 'CAPTURED' : o.status,
    ...(input.order_lines !== undefined ? { order_lines: input.order_lines } : {}),
  };
}

/**
 * The expiry an extension made at `nowMs` gives: the account's 28 days counted from the start of the
 * current order day (so extending twice the same day gives the same time), at most 180 days after the purchase.
 */
export function extendedExpiry(o: OmOrder, nowMs: number): string {
  const created = Date.parse(o.created_at);
  const days = Math.max(0, Math.floor((nowMs - created) / DAY_MS));
  const cap = created + MAX_AUTHORIZATION_DAYS * DAY_MS;
  return new Date(Math.min(cap, created + days * DAY_MS + AUTHORIZATION_VALIDITY_MS)).toISOString();
}

/** `POST …/extend-authorization-time`: moves expires_at forward (unchanged when it is as far already). */
export function applyExtension(o: OmOrder, at: string): OmOrder {
  const refuse = (why: string) =>
    notAllowed(`the authorization time of order ${o.order_id} cannot be extended: ${why}`);
  assertOpen(o, at, refuse);
  const cap = Date.parse(o.created_at) + MAX_AUTHORIZATION_DAYS * DAY_MS;
  if (Date.parse(o.expires_at) >= cap) {
    throw refuse(
      `expires_at ${o.expires_at} is the maximum already: ${MAX_AUTHORIZATION_DAYS} days after the purchase`,
    );
  }
  const next = extendedExpiry(o, Date.parse(at));
  return Date.parse(next) > Date.parse(o.expires_at) ? { ...o, expires_at: next } : o;
}

/** `POST …/release-remaining-authorization`: a part-captured order keeps what it captured and is CAPTURED. */
export function applyRelease(o: OmOrder): OmOrder {
  const refuse = (why: string) =>
    notAllowed(`the remaining authorization of order ${o.order_id} cannot be released: ${why}`);
  if (o.status === 'AUTHORIZED') {
    throw refuse('it has no captures (captured_amount 0): cancel the order instead');
  }
  if (o.status === 'CAPTURED') throw refuse('it is fully captured (CAPTURED): nothing remains authorized');
  if (o.status !== 'PART_CAPTURED') throw refuse(`it is ${o.status}`);
  return { ...o, status: 'CAPTURED', remaining_authorized_amount: 0 };
}

/**
 * `PATCH …/customer-details`: the given fields of the shipping address replace the order's, an empty
 * string clears one; the billing address and the shipping country cannot change after the purchase.
 */
export function applyCustomerDetails(
  o: OmOrder,
  body: { shipping_address?: AddressUpdate; billing_address?: unknown },
): OmOrder {
  const refuse = (why: string) =>
    notAllowed(`the customer details of order ${o.order_id} cannot be updated: ${why}`);
  if (body.billing_address !== undefined)
    throw refuse('billing_address cannot be updated after the purchase');
  const update = body.shipping_address;
  if (update === undefined) throw invalid([{ path: 'shipping_address', message: 'is required' }]);
  if (o.status === 'CAPTURED') throw refuse('it is CAPTURED: the goods are on their way');
  if (o.status !== 'AUTHORIZED' && o.status !== 'PART_CAPTURED') throw refuse(`it is ${o.status}`);
  const was = o.shipping_address?.country;
  if (update.country && was && update.country.toUpperCase() !== was.toUpperCase()) {
    throw refuse(`shipping_address.country cannot change after the purchase (${was} → ${update.country})`);
  }
  const merged: Record<string, unknown> = { ...o.shipping_address };
  for (const [k, v] of Object.entries(update)) {
    if (v === '') delete merged[k];
    else if (v !== undefined) merged[k] = v;
  }
  const missing = REQUIRED_ADDRESS_FIELDS.filter((k) => typeof merged[k] !== 'string');
  if (missing.length > 0) {
    throw invalid(
      missing.map((k) => ({
        path: `shipping_address.${k}`,
        message: k in update ? 'cannot be cleared: a shipping address needs it' : 'is required',
      })),
    );
  }
  return { ...o, shipping_address: merged as Address };
}

/** `POST …/shipping-info`: the items join the order's. */
export function appendShippingInfo(o: OmOrder, items: readonly ShippingInfo[]): OmOrder {
  return { ...o, shipping_info: [...o.shipping_info, ...items] };
}

/**
 * A capture of the order; `404 NO_SUCH_CAPTURE` when it has none of that id, or, where the reference
 * says so (`whenNone`), `403 NOT_ALLOWED` when the order has no captures at all.
 */
export function captureOf(o: OmOrder, captureId: string, whenNone?: string): Capture {
  if (whenNone !== undefined && o.captures.length === 0) {
    throw notAllowed(`order ${o.order_id} has no captures: ${whenNone}`);
  }
  const c = o.captures.find((x) => x.capture_id === captureId);
  if (!c) throw notFound(`capture ${captureId} of order ${o.order_id}`, 'NO_SUCH_CAPTURE');
  return c;
}

/** `POST …/captures/{capture_id}/shipping-info`: the items join the capture's. */
export function appendCaptureShippingInfo(
  o: OmOrder,
  captureId: string,
  items: readonly ShippingInfo[],
): OmOrder {
  captureOf(o, captureId, 'shipping info goes on a capture; capture first');
  return {
    ...o,
    captures: o.captures.map((c) =>
      c.capture_id === captureId ? { ...c, shipping_info: [...c.shipping_info, ...items] } : c,
    ),
  };
}
