import type { ArrivalApplied } from '@shared/schemas/arrival.schema';
import type { MerchantUrls } from '@shared/schemas/checkout-order.schema';
import type { CaptureState, OmAction, OmHistoryEntry } from '@shared/schemas/om-updates.schema';
import type { NotificationRecord, OmOrder } from '@shared/schemas/order-management.schema';
import type { AppliedFault } from '@shared/schemas/merchant-faults.schema';
import { formatMinor } from '@shared/rules/money';
import { formatMoneyIn } from '@shared/rules/money-format';
import { getOmOrder, updateOmOrder, type OmOrderRow } from '../../store/om-orders.repo';
import { inTransaction, type Db } from '../../store/db';
import type { Clock } from '../clock';
import { notFound } from '../errors';
import type { EventBus } from '../events';
import { upgrade, type StoredOrder } from './om-doc';

/** The simulator's state of an order beside its API document (never sent to the merchant). */
export interface OmState {
  source: 'checkout' | 'ipp';
  merchant_urls: MerchantUrls | null;
  notifications: NotificationRecord[];
  /** Checkout orders: who was to tell the merchant first (push or the confirmation redirect). */
  arrival?: ArrivalApplied;
  /** Every change after the purchase (absent on orders stored before it was kept). */
  history?: OmHistoryEntry[];
  /** Each capture's due date, extension and send-outs, by capture id (absent: none recorded yet). */
  capture_states?: Record<string, CaptureState>;
  /** Merchant faults applied after the purchase (push, acknowledgement, notification), oldest first. */
  faults_applied?: AppliedFault[];
}

export interface Loaded {
  order: OmOrder;
  state: OmState;
  acknowledgedAt: string | null;
}

/** One line of the order's history, written with the change it describes (`at` is added then). */
export interface HistoryInput {
  action: OmAction;
  detail: string;
  capture_id?: string;
  refund_id?: string;
}

/**
 * An amount for a history line in the order's locale, as the console, the checkout and the reports write it
 * (shared/rules/money-format.ts, issue 34 point 4): `250,00 kr` for sv-SE. It was `250.00 SEK` beside the
 * page's `250,00 kr`. An order without a locale (an in-person one) keeps the plain form.
 */
export const money = (o: OmOrder, n: number) =>
  o.locale ? formatMoneyIn(n, o.purchase_currency, o.locale) : formatMinor(n, o.purchase_currency);

export const noSuchOrder = (orderId: string) => notFound(`order ${orderId}`, 'NO_SUCH_ORDER');

const load = (r: OmOrderRow): Loaded => ({
  order: upgrade(JSON.parse(r.doc) as StoredOrder),
  state: JSON.parse(r.state) as OmState,
  acknowledgedAt: r.acknowledged_at,
});

/** Order management's rows: each order's document and state read and written as one, with its history. */
/** The order with one more merchant fault kept in its state. */
export const withApplied = (l: Loaded, applied: AppliedFault): Loaded => ({
  ...l,
  state: { ...l.state, faults_applied: [...(l.state.faults_applied ?? []), applied] },
});

export class OmRecords {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly events: EventBus,
  ) {}

  iso(): string {
    return new Date(this.clock.now()).toISOString();
  }

  find(orderId: string): Loaded | null {
    const row = getOmOrder(this.db, orderId);
    return row ? load(row) : null;
  }

  /** The order; 404 NO_SUCH_ORDER when unknown. */
  load(orderId: string): Loaded {
    const l = this.find(orderId);
    if (!l) throw noSuchOrder(orderId);
    return l;
  }

  /** Writes the order back (with `entry` appended to its history) and tells the console. */
  save(l: Loaded, entry?: HistoryInput): void {
    const state = entry
      ? { ...l.state, history: [...(l.state.history ?? []), { at: this.iso(), ...entry }] }
      : l.state;
    updateOmOrder(this.db, {
      order_id: l.order.order_id,
      status: l.order.status,
      fraud_status: l.order.fraud_status,
      doc: JSON.stringify(l.order),
      state: JSON.stringify(state),
      acknowledged_at: l.acknowledgedAt,
      updated_at: this.iso(),
    });
    this.emit(l.order, l.acknowledgedAt);
  }

  /** Keeps a merchant fault applied to the order (push, acknowledgement, notification). */
  recordFault(orderId: string, applied: AppliedFault): void {
    inTransaction(this.db, () => this.save(withApplied(this.load(orderId), applied)));
  }

  emit(o: OmOrder, acknowledgedAt: string | null): void {
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
