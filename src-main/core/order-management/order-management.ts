import { randomUUID } from 'node:crypto';
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
import type { AppliedFault } from '@shared/schemas/merchant-faults.schema';
import { NO_FAULTS, type FaultSwitch } from '../faults/merchant-faults';
import { getOmOrder, insertOmOrder } from '../../store/om-orders.repo';
import { inTransaction, type Db } from '../../store/db';
import type { Clock } from '../clock';
import { notFound, SimFailure } from '../errors';
import type { TimerService } from '../timers/timer-service';
import * as doc from './om-doc';
import { captureOf } from './om-doc-updates';
import { initialCaptureState } from './om-due-date';
import type { PushSchedule, PushStart } from './push-schedule';
import { parseCapture, parseReferences, parseRefund } from './om-input';
import {
  money,
  withApplied,
  type HistoryInput,
  type Loaded,
  type OmRecords,
  type OmState,
} from './om-records';

export { noSuchOrder } from './om-records';

export const OM_EXPIRY_KIND = 'om.order.expiry';

/**
 * Order management: a completed purchase becomes an order here (AUTHORIZED → PART_CAPTURED → CAPTURED,
 * or CANCELLED), the merchant acknowledges, captures, refunds and cancels it. Every change is written
 * before the caller answers; the push schedule starts with the order and stops at acknowledgement.
 */
export class OrderManagement {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly records: OmRecords,
    private readonly timers: TimerService,
    private readonly push: PushSchedule,
    private readonly faults: FaultSwitch = NO_FAULTS,
  ) {}

  private iso(): string {
    return this.records.iso();
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
    return this.records.find(orderId)?.state.arrival ?? null;
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
        state: JSON.stringify({ ...state, history: [] }),
        acknowledged_at: null,
        first_push_ms: push?.firstDueMs ?? null,
        push_schedule: push?.schedule ?? null,
        created_at: at,
        updated_at: at,
      });
      this.scheduleExpiry(order);
    });
    this.records.emit(order, null);
  }

  /** The timer that expires the authorization at `expires_at` (moved when the time is extended). */
  scheduleExpiry(order: OmOrder): void {
    this.timers.cancelOrder(order.order_id, OM_EXPIRY_KIND);
    this.timers.schedule({
      kind: OM_EXPIRY_KIND,
      dueMs: Date.parse(order.expires_at),
      orderId: order.order_id,
      dedupeKey: `${OM_EXPIRY_KIND}:${order.order_id}`,
    });
  }

  /** Loads, changes and saves an order in one transaction; `fn` returns the new document and its history line. */
  change<T>(orderId: string, fn: (l: Loaded) => { next: Loaded; entry?: HistoryInput; result: T }): T {
    return inTransaction(this.db, () => {
      const l = this.records.load(orderId);
      const { next, entry, result } = fn(l);
      if (next !== l || entry) this.records.save(next, entry);
      return result;
    });
  }

  /** The order and its state; 404 NO_SUCH_ORDER when unknown. */
  loaded(orderId: string): Loaded {
    return this.records.load(orderId);
  }

  /** The API document; 404 NO_SUCH_ORDER when unknown. */
  get(orderId: string): OmOrder {
    return this.records.load(orderId).order;
  }

  /** The console's view, or null when unknown. */
  view(orderId: string): OmView | null {
    const l = this.records.find(orderId);
    if (!l) return null;
    return {
      order: l.order,
      acknowledged_at: l.acknowledgedAt,
      source: l.state.source,
      notifications: l.state.notifications,
      history: l.state.history ?? [],
      capture_states: Object.fromEntries(
        l.order.captures.map((c) => [
          c.capture_id,
          l.state.capture_states?.[c.capture_id] ?? initialCaptureState(l.order, c),
        ]),
      ),
    };
  }

  /** The merchant_urls the order was completed with (null for in-person orders). */
  merchantUrls(orderId: string): MerchantUrls | null {
    return this.records.load(orderId).state.merchant_urls;
  }

  /**
   * Idempotent: the first acknowledgement is the one recorded; every later push is cancelled. Under the
   * merchant faults it is lost (`push_gives_up`: answered all the same, push goes on), or followed by
   * one more push (`push_after_ack`, sent once this has committed).
   */
  acknowledge(orderId: string): void {
    const extraPush = inTransaction(this.db, () => {
      const l = this.records.load(orderId);
      if (l.acknowledgedAt !== null) return false;
      if (this.faults.on(orderId, 'push_gives_up')) {
        const note =
          'the acknowledgement was lost (your server was answered 204 all the same): the order stays unacknowledged and push goes on';
        this.records.save(withApplied(l, { fault: 'push_gives_up', at: this.iso(), exchange_ids: [], note }));
        return false;
      }
      this.push.stop(orderId);
      const url = l.state.merchant_urls ? callbackUrl(l.state.merchant_urls, 'push', orderId) : undefined;
      const extra =
        url !== undefined &&
        this.faults.on(orderId, 'push_after_ack') &&
        this.push.afterAcknowledgement(orderId, url);
      const entry = { action: 'acknowledged' as const, detail: 'acknowledged: push stops' };
      this.records.save({ ...l, acknowledgedAt: this.iso() }, entry);
      return extra;
    });
    if (extraPush) void this.timers.fireDue(this.clock.now(), false);
  }

  /** Keeps a merchant fault applied to the order (push, acknowledgement, notification). */
  recordFault(orderId: string, applied: AppliedFault): void {
    this.records.recordFault(orderId, applied);
  }

  /** The merchant faults applied to the order after the purchase, oldest first. */
  faultsApplied(orderId: string): AppliedFault[] {
    return this.records.find(orderId)?.state.faults_applied ?? [];
  }

  /** `403 NOT_ALLOWED` on a cancelled order, as the reference says. */
  setReferences(orderId: string, body: unknown): void {
    const refs = parseReferences(body);
    this.change(orderId, (l) => {
      if (l.order.status === 'CANCELLED') {
        throw doc.forbidden('NOT_ALLOWED', `order ${orderId} is CANCELLED: its references cannot change`);
      }
      const detail = `merchant references set: ${Object.entries(refs)
        .map(([k, v]) => `${k} "${v}"`)
        .join(', ')}`;
      return {
        next: { ...l, order: { ...l.order, ...refs } },
        entry: { action: 'merchant_references', detail },
        result: undefined,
      };
    });
  }

  cancel(orderId: string): void {
    this.change(orderId, (l) => {
      const order = doc.applyCancel(l.order);
      const detail = `cancelled: ${money(order, l.order.remaining_authorized_amount)} released`;
      return { next: { ...l, order }, entry: { action: 'cancelled', detail }, result: undefined };
    });
  }

  capture(orderId: string, body: unknown): Capture {
    const input = parseCapture(body);
    return this.change(orderId, (l) => {
      const { order, capture } = doc.applyCapture(l.order, input, randomUUID(), this.iso());
      const shipments = capture.shipping_info.length;
      const detail = `captured ${money(order, capture.captured_amount)} as ${capture.klarna_reference}${
        shipments > 0 ? ` with ${shipments} shipment${shipments === 1 ? '' : 's'}` : ''
      }`;
      const capture_states = {
        ...l.state.capture_states,
        [capture.capture_id]: initialCaptureState(order, capture),
      };
      return {
        next: { ...l, order, state: { ...l.state, capture_states } },
        entry: { action: 'captured', detail, capture_id: capture.capture_id },
        result: capture,
      };
    });
  }

  getCapture(orderId: string, captureId: string): Capture {
    return captureOf(this.get(orderId), captureId);
  }

  refund(orderId: string, body: unknown): Refund {
    this.assertRefundable(orderId);
    const input = parseRefund(body);
    return this.change(orderId, (l) => {
      const { order, refund } = doc.applyRefund(l.order, input, randomUUID(), this.iso());
      const detail = `refunded ${money(order, refund.refunded_amount)}`;
      return {
        next: { ...l, order },
        entry: { action: 'refunded', detail, refund_id: refund.refund_id },
        result: refund,
      };
    });
  }

  /**
   * The refund calls answer an unknown order `404 NOT_FOUND`, not NO_SUCH_ORDER: the official reference
   * gives both refund operations the "Not found error message" (docs/conformance.md).
   */
  private assertRefundable(orderId: string): void {
    if (!this.records.find(orderId)) throw notFound(`order ${orderId}`, 'NOT_FOUND');
  }

  /** `404 NOT_FOUND` for an unknown refund or order (the reference's "Not found error message"). */
  getRefund(orderId: string, refundId: string): Refund {
    this.assertRefundable(orderId);
    const r = this.get(orderId).refunds.find((x) => x.refund_id === refundId);
    if (!r) throw notFound(`refund ${refundId} of order ${orderId}`, 'NOT_FOUND');
    return r;
  }

  /** Resolves a PENDING review; anything else is refused (409) so a script notices its mistake. */
  resolveFraud(orderId: string, fraud: 'ACCEPTED' | 'REJECTED'): OmOrder {
    return this.change(orderId, (l) => {
      if (l.order.fraud_status !== 'PENDING') {
        throw new SimFailure(
          'conflict',
          'FRAUD_STATUS_NOT_PENDING',
          `order ${orderId} has fraud_status ${l.order.fraud_status}: only a PENDING order can be resolved`,
        );
      }
      const order = doc.applyFraud(l.order, fraud);
      const detail = `fraud review resolved: ${fraud}${order.status === 'CANCELLED' ? ' (cancelled)' : ''}`;
      return { next: { ...l, order }, entry: { action: 'fraud_resolved', detail }, result: order };
    });
  }

  addNotification(orderId: string, record: NotificationRecord): void {
    this.change(orderId, (l) => ({
      next: { ...l, state: { ...l.state, notifications: [...l.state.notifications, record] } },
      result: undefined,
    }));
  }

  /** Upsell: only an order that is still wholly authorized (nothing captured, not cancelled) can grow. */
  addLines(orderId: string, lines: OrderLine[]): OmOrder {
    return this.change(orderId, (l) => {
      this.assertCanGrow(l.order);
      const order = doc.applyAddedLines(l.order, lines);
      const detail = `upsell: ${lines.length} line${lines.length === 1 ? '' : 's'} added, order_amount ${money(order, order.order_amount)}`;
      return { next: { ...l, order }, entry: { action: 'upsell', detail }, result: order };
    });
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

  /** The authorization's end (a timer): an uncaptured order expires; a timer left from before an extension does nothing. */
  expire(orderId: string): void {
    const l = this.records.find(orderId);
    if (!l || this.clock.now() < Date.parse(l.order.expires_at)) return;
    const order = doc.applyExpiry(l.order);
    if (order === l.order) return;
    const detail = `authorization expired at ${l.order.expires_at}: nothing was captured`;
    this.records.save({ ...l, order }, { action: 'expired', detail });
  }
}
