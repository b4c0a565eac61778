import { createHash } from 'node:crypto';
import type { CheckoutOrder, OrderLine } from '@shared/schemas/checkout-order.schema';
import type { Session } from '@shared/schemas/ipp.schema';
import type {
  Capture,
  CaptureCreate,
  FraudStatus,
  OmOrder,
  Refund,
  RefundCreate,
} from '@shared/schemas/order-management.schema';
import { SimFailure } from '../errors';
import { omShippingOption } from './om-shipping-option';

/** How long an authorization stays capturable: the real service's default of 28 days. */
export const AUTHORIZATION_VALIDITY_MS = 28 * 24 * 3600 * 1000;

const PAY_LATER = { type: 'INVOICE', description: 'Pay later (simulated)' };
const CARD_PRESENT = { type: 'CARD', description: 'Card present (in-person, simulated)' };

export const forbidden = (code: string, message: string) => new SimFailure('forbidden', code, message);

const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * The order's short customer-facing reference (7 letters and digits, no look-alikes such as O and 0),
 * derived from its id so that an order stored before the field existed gets the same one on every read.
 */
export function klarnaReference(orderId: string): string {
  const bytes = createHash('sha256').update(orderId).digest();
  return [...bytes.subarray(0, 7)].map((b) => REFERENCE_ALPHABET[b % REFERENCE_ALPHABET.length]).join('');
}

type Added = 'klarna_reference' | 'customer' | 'shipping_info';
/** An order as an earlier version stored it: without the fields added since. */
export type StoredOrder = Omit<OmOrder, Added> & Partial<Pick<OmOrder, Added>>;

/**
 * Fills the fields an order stored by an earlier version lacks (the document is JSON in SQLite), and puts
 * a `selected_shipping_option` stored in the checkout API's shape into order management's.
 */
export function upgrade(o: StoredOrder): OmOrder {
  return {
    ...o,
    klarna_reference: o.klarna_reference ?? klarnaReference(o.order_id),
    customer: o.customer ?? {},
    shipping_info: o.shipping_info ?? [],
    ...(o.selected_shipping_option !== undefined
      ? { selected_shipping_option: omShippingOption(o.selected_shipping_option) }
      : {}),
  };
}

function base(id: string, amount: number, at: string, expiresAt: string) {
  return {
    order_id: id,
    klarna_reference: klarnaReference(id),
    order_amount: amount,
    original_order_amount: amount,
    captured_amount: 0,
    refunded_amount: 0,
    remaining_authorized_amount: amount,
    created_at: at,
    expires_at: expiresAt,
    customer: {},
    shipping_info: [],
    captures: [],
    refunds: [],
  };
}

/** The customer fields order management shows, taken from the checkout's `customer` when given. */
function customerOf(o: CheckoutOrder): OmOrder['customer'] {
  const c = (o.customer ?? {}) as Record<string, unknown>;
  const out: OmOrder['customer'] = {};
  for (const k of ['date_of_birth', 'national_identification_number'] as const) {
    if (typeof c[k] === 'string') out[k] = c[k];
  }
  return out;
}

/**
 * The order management order of a completed checkout. A purchase completed as REJECTED is cancelled at
 * once (the service does not leave a rejected authorization open); PENDING stays AUTHORIZED until resolved.
 */
export function omFromCheckout(o: CheckoutOrder, fraud: FraudStatus, at: string, expiresAt: string): OmOrder {
  return {
    ...base(o.order_id, o.order_amount, at, expiresAt),
    status: fraud === 'REJECTED' ? 'CANCELLED' : 'AUTHORIZED',
    fraud_status: fraud,
    remaining_authorized_amount: fraud === 'REJECTED' ? 0 : o.order_amount,
    purchase_currency: o.purchase_currency,
    purchase_country: o.purchase_country,
    locale: o.locale,
    order_lines: o.order_lines,
    ...(o.merchant_reference1 !== undefined ? { merchant_reference1: o.merchant_reference1 } : {}),
    ...(o.merchant_reference2 !== undefined ? { merchant_reference2: o.merchant_reference2 } : {}),
    ...(o.merchant_data !== undefined ? { merchant_data: o.merchant_data } : {}),
    customer: customerOf(o),
    ...(o.billing_address !== undefined ? { billing_address: o.billing_address } : {}),
    ...(o.shipping_address !== undefined ? { shipping_address: o.shipping_address } : {}),
    ...(o.selected_shipping_option !== undefined
      ? { selected_shipping_option: omShippingOption(o.selected_shipping_option) }
      : {}),
    initial_payment_method: PAY_LATER,
  };
}

/** The order of a finalized in-person session: its id is the session id, paid by card at the counter. */
export function omFromIpp(s: Session, at: string, expiresAt: string): OmOrder {
  return {
    ...base(s.session_id, s.order_amount, at, expiresAt),
    status: 'AUTHORIZED',
    fraud_status: 'ACCEPTED',
    purchase_currency: s.purchase_currency,
    order_lines: s.order_items,
    ...(s.merchant_reference1 !== undefined ? { merchant_reference1: s.merchant_reference1 } : {}),
    ...(s.merchant_data !== undefined ? { merchant_data: s.merchant_data } : {}),
    initial_payment_method: CARD_PRESENT,
  };
}

/** Whether the authorization's time is over (`expires_at` is past), whatever the status says. */
export const authorizationLapsed = (o: OmOrder, at: string) => Date.parse(at) >= Date.parse(o.expires_at);

/** Captures part or all of what remains authorized, until the authorization expires. */
export function applyCapture(o: OmOrder, input: CaptureCreate, id: string, at: string) {
  const refuse = (why: string) =>
    forbidden('CAPTURE_NOT_ALLOWED', `order ${o.order_id} cannot be captured: ${why}`);
  if (o.status !== 'AUTHORIZED' && o.status !== 'PART_CAPTURED') throw refuse(`it is ${o.status}`);
  if (authorizationLapsed(o, at)) {
    throw refuse(`its authorization expired at ${o.expires_at} (extend it before then)`);
  }
  if (o.fraud_status !== 'ACCEPTED') {
    throw refuse(`its fraud_status is ${o.fraud_status} (goods are not released until it is ACCEPTED)`);
  }
  if (input.captured_amount > o.remaining_authorized_amount) {
    throw refuse(
      `captured_amount ${input.captured_amount} is more than the remaining authorized amount ${o.remaining_authorized_amount}`,
    );
  }
  const capture: Capture = {
    capture_id: id,
    klarna_reference: `${o.klarna_reference}-${o.captures.length + 1}`,
    captured_amount: input.captured_amount,
    captured_at: at,
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.reference !== undefined ? { reference: input.reference } : {}),
    order_lines: input.order_lines ?? [],
    refunded_amount: 0,
    ...(o.billing_address ? { billing_address: o.billing_address } : {}),
    ...(o.shipping_address ? { shipping_address: o.shipping_address } : {}),
    shipping_info: input.shipping_info ?? [],
  };
  const remaining = o.remaining_authorized_amount - input.captured_amount;
  const order: OmOrder = {
    ...o,
    status: remaining === 0 ? 'CAPTURED' : 'PART_CAPTURED',
    captured_amount: o.captured_amount + input.captured_amount,
    remaining_authorized_amount: remaining,
    captures: [...o.captures, capture],
  };
  return { order, capture };
}

/**
 * What each capture has refunded once `amount` more is refunded: the oldest capture with something left
 * takes it first (sim-defined; the real service allocates by the refund's lines where it can).
 */
function allocateRefund(captures: readonly Capture[], amount: number): Capture[] {
  let left = amount;
  return captures.map((c) => {
    const take = Math.min(left, c.captured_amount - c.refunded_amount);
    left -= take;
    return take > 0 ? { ...c, refunded_amount: c.refunded_amount + take } : c;
  });
}

/** Refunds part or all of what was captured and not yet refunded; the status does not change. */
export function applyRefund(o: OmOrder, input: RefundCreate, id: string, at: string) {
  const refundable = o.captured_amount - o.refunded_amount;
  if (input.refunded_amount > refundable) {
    throw forbidden(
      'REFUND_NOT_ALLOWED',
      `order ${o.order_id} cannot be refunded: refunded_amount ${input.refunded_amount} is more than the captured amount not yet refunded (${o.captured_amount} captured − ${o.refunded_amount} refunded = ${refundable})`,
    );
  }
  const refund: Refund = {
    refund_id: id,
    refunded_amount: input.refunded_amount,
    refunded_at: at,
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.reference !== undefined ? { reference: input.reference } : {}),
    order_lines: input.order_lines ?? [],
  };
  const order: OmOrder = {
    ...o,
    refunded_amount: o.refunded_amount + input.refunded_amount,
    captures: allocateRefund(o.captures, input.refunded_amount),
    refunds: [...o.refunds, refund],
  };
  return { order, refund };
}

/**
 * Cancels an uncaptured order. Anything else, a cancelled order included, is 403 CANCEL_NOT_ALLOWED: the
 * official reference's "Cancel not allowed (e.g. order has captures or is closed)"; a retry that must not
 * fail sends Klarna-Idempotency-Key and gets the first answer again.
 */
export function applyCancel(o: OmOrder): OmOrder {
  if (o.status === 'CANCELLED') {
    throw forbidden('CANCEL_NOT_ALLOWED', `order ${o.order_id} cannot be cancelled: it is already CANCELLED`);
  }
  if (o.status !== 'AUTHORIZED') {
    const why =
      o.captured_amount > 0 ? `it is ${o.status} (${o.captured_amount} captured)` : `it is ${o.status}`;
    throw forbidden('CANCEL_NOT_ALLOWED', `order ${o.order_id} cannot be cancelled: ${why}; refund instead`);
  }
  return { ...o, status: 'CANCELLED', remaining_authorized_amount: 0 };
}

/** A resolved fraud review: REJECTED cancels the (necessarily uncaptured) order. */
export function applyFraud(o: OmOrder, fraud: 'ACCEPTED' | 'REJECTED'): OmOrder {
  if (fraud === 'ACCEPTED') return { ...o, fraud_status: 'ACCEPTED' };
  const cancelled =
    o.status === 'AUTHORIZED' ? { status: 'CANCELLED' as const, remaining_authorized_amount: 0 } : {};
  return { ...o, fraud_status: 'REJECTED', ...cancelled };
}

/** Upsell lines join the order and its authorization (original_order_amount keeps the purchase's). */
export function applyAddedLines(o: OmOrder, lines: OrderLine[]): OmOrder {
  const added = lines.reduce((s, l) => s + l.total_amount, 0);
  return {
    ...o,
    order_lines: [...o.order_lines, ...lines],
    order_amount: o.order_amount + added,
    remaining_authorized_amount: o.remaining_authorized_amount + added,
  };
}

/** At the end of its validity an authorization nobody captured expires; a partly captured one stays as is. */
export function applyExpiry(o: OmOrder): OmOrder {
  return o.status === 'AUTHORIZED' ? { ...o, status: 'EXPIRED', remaining_authorized_amount: 0 } : o;
}
