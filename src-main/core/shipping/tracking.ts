import type { CheckoutOrder } from '@shared/schemas/checkout-order.schema';
import type { ShipmentResponse } from '@shared/schemas/integrator.schema';
import type { ShipmentTracking } from '@shared/schemas/shipping-assistant.schema';
import {
  judgeShipmentAnswer,
  shipmentOutcome,
  trackingComplete,
} from '@shared/rules/shipping-conformance-shipment';
import {
  getShippingShipment,
  saveShippingShipment,
  type ShippingShipmentRow,
} from '../../store/shipping-shipments.repo';
import type { Db } from '../../store/db';
import type { Session } from '../checkout/session-state';
import type { EventBus } from '../events';
import type { TimerKind, TimerService } from '../timers/timer-service';
import type { IntegratorTarget } from './assistant-settings';
import type { ShippingDeps } from './options-refresh';

export const TRACKING_POLL_KIND = 'shipping.tracking.poll';
/** Spec: polled "periodically after purchase"; GAPS-style bound of the simulator: at most 48 hours. */
export const TRACKING_WINDOW_MS = 48 * 3600 * 1000;

const iso = (ms: number) => new Date(ms).toISOString();

/** The next poll time, or null when it would fall past the 48-hour window (a pure "what is due" rule). */
export function nextPollAt(fromMs: number, intervalS: number, untilMs: number): number | null {
  const next = fromMs + intervalS * 1000;
  return next <= untilMs ? next : null;
}

function view(r: ShippingShipmentRow): ShipmentTracking {
  const doc = JSON.parse(r.doc) as Partial<ShipmentResponse>;
  return {
    order_id: r.order_id,
    shipment_id: r.shipment_id,
    status: r.status as ShipmentTracking['status'],
    shipments: (doc.shipments ?? []).map((x) => ({ carrier: x.carrier, tracking_id: x.tracking_id ?? '' })),
    polls: r.polls,
    last_polled_at: r.last_polled_at,
    next_poll_at: r.next_poll_ms === null ? null : iso(r.next_poll_ms),
    poll_until: r.poll_until_ms === null ? null : iso(r.poll_until_ms),
    last_error: r.last_error,
    updated_at: r.updated_at,
  };
}

/**
 * Tracking after purchase (spec § GET /shipment/{shipment_id}): while any shipment lacks a tracking_id,
 * GET it every `tracking_poll_interval_s` on the simulator clock, for at most 48 hours. Each poll is a
 * timer row, so a restart resumes the schedule and advancing the clock fires the polls in order.
 */
export class ShipmentTracker {
  constructor(
    private readonly db: Db,
    private readonly d: ShippingDeps,
    private readonly events: EventBus,
    /** The simulator's timers, where the polls are scheduled; without them (a unit test) polls run by hand. */
    private readonly timers: TimerService | null = null,
  ) {}

  /** What firing TRACKING_POLL_KIND does: one poll, after the firing commits (registered by core/timer-kinds.ts). */
  readonly pollTimer: TimerKind = {
    claim: (t) => (t.order_id ? () => this.pollDue(t.order_id!, t.due_ms) : null),
  };

  get(orderId: string): ShipmentTracking | null {
    const r = getShippingShipment(this.db, orderId);
    return r ? view(r) : null;
  }

  /** A shipment pay confirmed: kept as reserved until the purchase completes (it may be updated again). */
  confirmed(s: Session, doc: unknown): void {
    const at = iso(this.d.clock.now());
    const sh = s.state.shipping!;
    saveShippingShipment(this.db, {
      order_id: s.order.order_id,
      session_id: sh.session_id,
      shipment_id: sh.shipment!.shipment_id,
      doc: JSON.stringify(doc),
      status: 'reserved',
      polls: 0,
      last_polled_at: null,
      next_poll_ms: null,
      poll_until_ms: null,
      last_error: null,
      created_at: at,
      updated_at: at,
    });
  }

  /** The purchase completed: poll when tracking is incomplete, else it is complete already. */
  completed(order: CheckoutOrder): void {
    const row = getShippingShipment(this.db, order.order_id);
    if (!row || order.selected_shipping_option?.tms_reference !== row.shipment_id) return;
    const now = this.d.clock.now();
    const until = now + TRACKING_WINDOW_MS;
    const done = trackingComplete(JSON.parse(row.doc) as ShipmentResponse);
    const next = done ? null : nextPollAt(now, this.d.settings.get().tracking_poll_interval_s, until);
    this.save({
      ...row,
      status: done ? 'complete' : 'polling',
      poll_until_ms: until,
      next_poll_ms: next,
      updated_at: iso(now),
    });
    if (next !== null) this.schedule(order.order_id, next);
  }

  /** One poll, due at `dueMs` (the next one is counted from there, so advancing the clock stays exact). */
  async pollDue(orderId: string, dueMs: number): Promise<void> {
    const row = getShippingShipment(this.db, orderId);
    if (!row || row.status !== 'polling') return;
    const next: ShippingShipmentRow = { ...row, polls: row.polls + 1, last_polled_at: iso(dueMs) };
    const target = this.d.settings.target();
    if ('problem' in target) next.last_error = `not polled: ${target.problem}`;
    else await this.read(target, next);
    if (next.status === 'polling') {
      next.next_poll_ms = nextPollAt(
        dueMs,
        this.d.settings.get().tracking_poll_interval_s,
        row.poll_until_ms ?? dueMs,
      );
      if (next.next_poll_ms === null) next.status = 'gave_up';
    } else next.next_poll_ms = null;
    next.updated_at = iso(this.d.clock.now());
    this.save(next);
    if (next.next_poll_ms !== null) this.schedule(orderId, next.next_poll_ms);
  }

  private async read(target: IntegratorTarget, row: ShippingShipmentRow): Promise<void> {
    const ctx = { baseUrl: target.baseUrl, timeoutMs: target.timeoutMs, shipmentId: row.shipment_id };
    const res = await this.d.caller.call(
      target,
      {
        kind: 'shipping.shipment.read',
        orderId: row.order_id,
        method: 'GET',
        path: `/shipment/${encodeURIComponent(row.shipment_id)}`,
        mediaType: null,
        body: null,
      },
      (a) => {
        const j = judgeShipmentAnswer(a, 'read', ctx);
        return {
          outcome: shipmentOutcome(j, 'read'),
          violations: j.violations,
          value: j,
          retry: !j.ok && j.retry,
        };
      },
    );
    if (!res.ok) {
      row.last_error = res.auth.reason;
      return;
    }
    const j = res.value;
    if (!j.ok) {
      row.last_error = j.reason;
      if (j.notFound) row.status = 'lost';
      return;
    }
    row.doc = JSON.stringify(j.shipment);
    row.last_error = null;
    if (trackingComplete(j.shipment)) row.status = 'complete';
  }

  private schedule(orderId: string, dueMs: number): void {
    // TimerService is attached in createCore; without it (a unit test of this class) polls run by hand.
    this.timers?.schedule({
      kind: TRACKING_POLL_KIND,
      dueMs,
      orderId,
      dedupeKey: `${TRACKING_POLL_KIND}:${orderId}`,
    });
  }

  private save(row: ShippingShipmentRow): void {
    saveShippingShipment(this.db, row);
    this.events.emit('shipping.tracking.updated', view(row));
  }
}
