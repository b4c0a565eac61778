import { randomBytes, randomUUID } from 'node:crypto';
import type { ArrivalApplied } from '@shared/schemas/arrival.schema';
import type { CheckoutOrder, MerchantUrls, OrderLine } from '@shared/schemas/checkout-order.schema';
import type { Session } from '@shared/schemas/ipp.schema';
import type {
  Capture,
  FraudStatus,
  NotificationRecord,
  OmOrder,
  OmView,
  Refund,
} from '@shared/schemas/order-management.schema';
import { callbackUrl } from '@shared/rules/merchant-urls';
import { getOmOrder, insertOmOrder, updateOmOrder, type OmOrderRow } from '../../store/om-orders.repo';
import { inTransaction, type Db } from '../../store/db';
import type { Clock } from '../clock';
import { notFound, SimFailure } from '../errors';
import type { EventBus } from '../events';
import type { PushService, PushStart } from '../push/push-service';
import type { TimerService } from '../timers/timer-service';
import * as doc from './om-doc';
import { parseCapture, parseReferences, parseRefund } from './om-input';

export const OM_EXPIRY_KIND = 'om.order.expiry';

/** The simulator's state of an order beside its API document (never sent to the merchant). */
interface OmState {
  source: 'checkout' | 'ipp';
  merchant_urls: MerchantUrls | null;
  notifications: NotificationRecord[];
  /** Checkout orders: who was to tell the merchant first (push or the confirmation redirect). */
  arrival?: ArrivalApplied;
}

interface Loaded {
  order: OmOrder;
  state: OmState;
  acknowledgedAt: string | null;
}

const load = (r: OmOrderRow): Loaded => ({
  order: JSON.parse(r.doc) as OmOrder,
  state: JSON.parse(r.state) as OmState,
  acknowledgedAt: r.acknowledged_at,
});

export const noSuchOrder = (orderId: string) => notFound(`order ${orderId}`, 'NO_SUCH_ORDER');

/**
 * Order management: a completed purchase becomes an order here (AUTHORIZED → PART_CAPTURED → CAPTURED,
 * or CANCELLED), the merchant acknowledges, captures, refunds and cancels it. Every change is written
 * before the caller answers; the push schedule starts with the order and stops at acknowledgement.
 */
export class OrderManagement {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly events: EventBus,
    private readonly timers: TimerService,
    private readonly push: PushService,
  ) {}

  private iso(): string {
    return new Date(this.clock.now()).toISOString();
  }

  /**
   * The completion hand-off: the order enters order management and its push schedule starts, about two
   * minutes after the purchase, or at once when push is to arrive before the confirmation redirect.
   */
  createFromCheckout(o: CheckoutOrder, fraud: FraudStatus, arrival: ArrivalApplied): void {
    const now = this.clock.now();
    const expires = now + doc.AUTHORIZATION_VALIDITY_MS;
    const order = doc.omFromCheckout(o, fraud, new Date(now).toISOString(), new Date(expires).toISOString());
    const pushUrl = callbackUrl(o.merchant_urls, 'push', o.order_id);
    const state: OmState = { source: 'checkout', merchant_urls: o.merchant_urls, notifications: [], arrival };
    const immediate = arrival.mode === 'push_first';
    this.insert(order, state, () =>
      pushUrl === undefined ? null : this.push.start(o.order_id, pushUrl, now, { immediate }),
    );
  }

  /** Who was to tell the merchant first when the order completed (checkout orders only). */
  arrivalOf(orderId: string): ArrivalApplied | null {
    const row = getOmOrder(this.db, orderId);
    return row ? (load(row).state.arrival ?? null) : null;
  }

  /** A finalized in-person session becomes an order (nothing to push to: no merchant_urls). */
  createFromIpp(s: Session): void {
    const now = this.clock.now();
    const order = doc.omFromIpp(
      s,
      new Date(now).toISOString(),
      new Date(now + doc.AUTHORIZATION_VALIDITY_MS).toISOString(),
    );
    this.insert(order, { source: 'ipp', merchant_urls: null, notifications: [] }, () => null);
  }

  // Write transactions go through inTransaction (store/db.ts): deferred, so they never wait for the
  // exchange log's writer thread, whose file is attached to this connection.
  private insert(order: OmOrder, state: OmState, startPush: () => PushStart | null): void {
    inTransaction(this.db, () => {
      if (getOmOrder(this.db, order.order_id)) return;
      const at = order.created_at;
      const push = startPush();
      insertOmOrder(this.db, {
        order_id: order.order_id,
        status: order.status,
        fraud_status: order.fraud_status,
        doc: JSON.stringify(order),
        state: JSON.stringify(state),
        acknowledged_at: null,
        first_push_ms: push?.firstDueMs ?? null,
        push_schedule: push?.schedule ?? null,
        created_at: at,
        updated_at: at,
      });
      this.timers.schedule({
        kind: OM_EXPIRY_KIND,
        dueMs: Date.parse(order.expires_at),
        orderId: order.order_id,
        dedupeKey: `${OM_EXPIRY_KIND}:${order.order_id}`,
      });
    });
    this.emit(order, null);
  }

  private loaded(orderId: string): Loaded {
    const row = getOmOrder(this.db, orderId);
    if (!row) throw noSuchOrder(orderId);
    return load(row);
  }

  /** The API document; 404 NO_SUCH_ORDER when unknown. */
  get(orderId: string): OmOrder {
    return this.loaded(orderId).order;
  }

  /** The console's view, or null when unknown. */
  view(orderId: string): OmView | null {
    const row = getOmOrder(this.db, orderId);
    if (!row) return null;
    const l = load(row);
    return {
      order: l.order,
      acknowledged_at: l.acknowledgedAt,
      source: l.state.source,
      notifications: l.state.notifications,
    };
  }

  /** The merchant_urls the order was completed with (null for in-person orders). */
  merchantUrls(orderId: string): MerchantUrls | null {
    return this.loaded(orderId).state.merchant_urls;
  }

  /** Idempotent: the first acknowledgement is the one recorded; every later push is cancelled. */
  acknowledge(orderId: string): void {
    inTransaction(this.db, () => {
      const l = this.loaded(orderId);
      if (l.acknowledgedAt !== null) return;
      this.push.stop(orderId);
      this.save({ ...l, acknowledgedAt: this.iso() });
    });
  }

  setReferences(orderId: string, body: unknown): void {
    const refs = parseReferences(body);
    const l = this.loaded(orderId);
    this.save({ ...l, order: { ...l.order, ...refs } });
  }

  cancel(orderId: string): void {
    const l = this.loaded(orderId);
    const order = doc.applyCancel(l.order);
    if (order !== l.order) this.save({ ...l, order });
  }

  capture(orderId: string, body: unknown): Capture {
    const input = parseCapture(body);
    const l = this.loaded(orderId);
    const ids = { id: randomUUID(), ref: randomBytes(5).toString('hex').toUpperCase() };
    const { order, capture } = doc.applyCapture(l.order, input, ids, this.iso());
    this.save({ ...l, order });
    return capture;
  }

  getCapture(orderId: string, captureId: string): Capture {
    const c = this.get(orderId).captures.find((x) => x.capture_id === captureId);
    if (!c) throw notFound(`capture ${captureId} of order ${orderId}`, 'NO_SUCH_CAPTURE');
    return c;
  }

  refund(orderId: string, body: unknown): Refund {
    const input = parseRefund(body);
    const l = this.loaded(orderId);
    const { order, refund } = doc.applyRefund(l.order, input, randomUUID(), this.iso());
    this.save({ ...l, order });
    return refund;
  }

  getRefund(orderId: string, refundId: string): Refund {
    const r = this.get(orderId).refunds.find((x) => x.refund_id === refundId);
    if (!r) throw notFound(`refund ${refundId} of order ${orderId}`, 'NO_SUCH_REFUND');
    return r;
  }

  /** Resolves a PENDING review; anything else is refused (409) so a script notices its mistake. */
  resolveFraud(orderId: string, fraud: 'ACCEPTED' | 'REJECTED'): OmOrder {
    const l = this.loaded(orderId);
    if (l.order.fraud_status !== 'PENDING') {
      throw new SimFailure(
        'conflict',
        'FRAUD_STATUS_NOT_PENDING',
        `order ${orderId} has fraud_status ${l.order.fraud_status}: only a PENDING order can be resolved`,
      );
    }
    const order = doc.applyFraud(l.order, fraud);
    this.save({ ...l, order });
    return order;
  }

  addNotification(orderId: string, record: NotificationRecord): void {
    const l = this.loaded(orderId);
    this.save({ ...l, state: { ...l.state, notifications: [...l.state.notifications, record] } });
  }

  /** Upsell: only an order that is still wholly authorized (nothing captured, not cancelled) can grow. */
  addLines(orderId: string, lines: OrderLine[]): OmOrder {
    const l = this.loaded(orderId);
    this.assertCanGrow(l.order);
    const order = doc.applyAddedLines(l.order, lines);
    this.save({ ...l, order });
    return order;
  }

  assertCanGrow(o: OmOrder): void {
    if (o.status !== 'AUTHORIZED' || o.fraud_status === 'REJECTED') {
      throw new SimFailure(
        'forbidden',
        'UPSELL_NOT_ALLOWED',
        `order ${o.order_id} is ${o.status} (fraud_status ${o.fraud_status}): upsell lines can only join an order that is AUTHORIZED and not yet captured`,
      );
    }
  }

  /** The authorization's end (a timer): an uncaptured order expires. */
  expire(orderId: string): void {
    const row = getOmOrder(this.db, orderId);
    if (!row) return;
    const l = load(row);
    const order = doc.applyExpiry(l.order);
    if (order !== l.order) this.save({ ...l, order });
  }

  private save(l: Loaded): void {
    updateOmOrder(this.db, {
      order_id: l.order.order_id,
      status: l.order.status,
      fraud_status: l.order.fraud_status,
      doc: JSON.stringify(l.order),
      state: JSON.stringify(l.state),
      acknowledged_at: l.acknowledgedAt,
      updated_at: this.iso(),
    });
    this.emit(l.order, l.acknowledgedAt);
  }

  private emit(o: OmOrder, acknowledgedAt: string | null): void {
    this.events.emit('om.order.updated', {
      order_id: o.order_id,
      status: o.status,
      fraud_status: o.fraud_status,
      acknowledged_at: acknowledgedAt,
      order_amount: o.order_amount,
      captured_amount: o.captured_amount,
      refunded_amount: o.refunded_amount,
    });
  }
}
