import type { TimerKind, TimerService } from '../timers/timer-service';
import type { CheckoutOrders } from '../checkout/checkout-orders';

export const CHECKOUT_EXPIRY_KIND = 'checkout.expiry';

/**
 * One timer per open checkout order, making its expiry an event on the simulator's clock: `advance`
 * lists it and the console hears the order expire. Expiry itself is read from the clock wherever the
 * order is used. The timer is set once, at creation; when it comes due for an order that was touched
 * since (a later `expires_at`), it re-arms itself there instead, so steps add no timer writes.
 */
export class CheckoutExpiry {
  constructor(
    private readonly orders: CheckoutOrders,
    private readonly timers: TimerService,
  ) {}

  /** An order was created: its expiry timer is set. */
  arm(orderId: string, expiresAt: string): void {
    this.timers.schedule({ kind: CHECKOUT_EXPIRY_KIND, dueMs: Date.parse(expiresAt), orderId });
  }

  /** An order was completed or aborted: its expiry timer goes. */
  cancel(orderId: string): void {
    this.timers.cancelOrder(orderId, CHECKOUT_EXPIRY_KIND);
  }

  /** What firing CHECKOUT_EXPIRY_KIND does (registered by core/timer-kinds.ts). */
  readonly timer: TimerKind = {
    claim: (t) => {
      const s = t.order_id ? this.orders.load(t.order_id) : undefined;
      if (!s || s.order.status !== 'checkout_incomplete' || s.state.aborted) return null;
      if (Date.parse(s.order.expires_at) > t.due_ms) this.arm(s.order.order_id, s.order.expires_at);
      else {
        // Fired is fired: the clock brought back later (Back to now) does not reopen the order.
        this.orders.markExpired(s.order.order_id);
        this.orders.announce(s.order.order_id);
      }
      return null;
    },
  };
}
