import type { DomainEvents } from '../domain-events';
import type { TimerService } from '../timers/timer-service';
import type { CheckoutOrders } from './checkout-orders';

export const CHECKOUT_EXPIRY_KIND = 'checkout.expiry';

/**
 * One timer per open checkout order, making its expiry an event on the simulator's clock: `advance`
 * lists it and the console hears the order expire. Expiry itself is read from the clock wherever the
 * order is used. The timer is set once, at creation; when it comes due for an order that was touched
 * since (a later `expires_at`), it re-arms itself there instead, so steps add no timer writes.
 */
export function trackCheckoutExpiry(
  orders: CheckoutOrders,
  timers: TimerService,
  domain: DomainEvents,
): void {
  const arm = (orderId: string, expiresAt: string) =>
    timers.schedule({ kind: CHECKOUT_EXPIRY_KIND, dueMs: Date.parse(expiresAt), orderId });
  timers.register(CHECKOUT_EXPIRY_KIND, {
    claim: (t) => {
      const s = t.order_id ? orders.load(t.order_id) : undefined;
      if (!s || s.order.status !== 'checkout_incomplete' || s.state.aborted) return null;
      if (Date.parse(s.order.expires_at) > t.due_ms) arm(s.order.order_id, s.order.expires_at);
      else orders.announce(s.order.order_id);
      return null;
    },
  });
  domain.on('checkout.created', ({ order }) => arm(order.order_id, order.expires_at));
  domain.on('checkout.closed', ({ orderId }) => timers.cancelOrder(orderId, CHECKOUT_EXPIRY_KIND));
}
