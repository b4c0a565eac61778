import type { PushPending, PushPlan, PushTimeline } from '@shared/schemas/push.schema';
import type { PushOutcome } from '@shared/schemas/push.schema';
import {
  describePushSchedule,
  PUSH_FIRST_DELAY_MS,
  PUSH_MAX_ATTEMPTS,
  PUSH_WINDOW_MS,
  pushOffsets,
} from '@shared/rules/push-schedule';
import { callbackUrl } from '@shared/rules/merchant-urls';
import { getOmOrder, listPendingPush } from '../../store/om-orders.repo';
import type { Db } from '../../store/db';
import type { Clock } from '../clock';
import type { OrderManagement } from '../order-management/order-management';
import type { TimerService } from '../timers/timer-service';
import { PUSH_KIND, type PushService } from './push-service';

const iso = (ms: number) => new Date(ms).toISOString();

/** The schedule as the spec states it. */
export function pushPlan(): PushPlan {
  return {
    description: describePushSchedule(),
    first_delay_ms: PUSH_FIRST_DELAY_MS,
    offsets_ms: [...pushOffsets()],
    window_ms: PUSH_WINDOW_MS,
    max_attempts: PUSH_MAX_ATTEMPTS,
  };
}

/** Read-only views of the push schedule for the console's timeline and overview. */
export class PushTimelines {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly om: OrderManagement,
    private readonly push: PushService,
    private readonly timers: TimerService,
  ) {}

  /** One order from completion to 48 hours after its first push: plan, attempts, acknowledgement, notifications. */
  timeline(orderId: string): PushTimeline | null {
    const view = this.om.view(orderId);
    const row = getOmOrder(this.db, orderId);
    if (!view || !row) return null;
    const first = row.first_push_ms;
    const merchantFaults = this.om.faultsApplied(orderId);
    const attempts = this.push.attempts(orderId).map((a) => {
      const faults = merchantFaults.filter((f) => f.attempt === a.number).map((f) => f.fault);
      return faults.length > 0 ? { ...a, faults } : a;
    });
    const made = new Set(attempts.map((a) => a.number));
    const pending = this.timers.forOrder(orderId).filter((t) => t.kind === PUSH_KIND);
    const planned =
      first === null
        ? []
        : pushOffsets().map((offset, i) => ({
            number: i + 1,
            offset_ms: offset,
            due_at: iso(first + offset),
            state: made.has(i + 1)
              ? ('made' as const)
              : view.acknowledged_at
                ? ('cancelled' as const)
                : ('pending' as const),
          }));
    const urls = this.om.merchantUrls(orderId);
    return {
      order_id: orderId,
      status: view.order.status,
      fraud_status: view.order.fraud_status,
      completed_at: view.order.created_at,
      first_attempt_at: first === null ? null : iso(first),
      window_ends_at: first === null ? null : iso(first + PUSH_WINDOW_MS),
      push_url: urls ? (callbackUrl(urls, 'push', orderId) ?? null) : null,
      arrival: this.om.arrivalOf(orderId),
      planned,
      attempts,
      next_attempt_at: pending[0] ? iso(pending[0].due_ms) : null,
      acknowledged_at: view.acknowledged_at,
      notifications: view.notifications,
      merchant_faults: merchantFaults,
      expires_at: view.order.expires_at,
      now: iso(this.clock.now()),
    };
  }

  /** Orders awaiting acknowledgement, soonest next attempt first. */
  overview(limit = 200): PushPending[] {
    this.push.flush();
    return listPendingPush(this.db, limit).map((r) => {
      const next = r.next_due_ms;
      return {
        order_id: r.order_id,
        completed_at: r.created_at,
        attempts_made: r.attempts_made,
        last_outcome: r.last_outcome as PushOutcome | null,
        last_status: r.last_status,
        next_attempt_at: next === null ? null : iso(next),
        next_attempt_number: next === null ? null : r.attempts_made + 1,
      };
    });
  }
}
