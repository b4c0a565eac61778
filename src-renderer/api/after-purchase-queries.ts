import { type QueryClient } from '@tanstack/react-query';
import { type ControlApi } from './control-api';
import { useOp } from './use-op';
import { coalesce } from './coalesce';

/** Query keys of the after-purchase views (clock, push, order management). */
export const apKeys = {
  clock: ['clock'] as const,
  push: ['push'] as const,
  pushPlan: ['push', 'plan'] as const,
  pushOverview: ['push', 'overview'] as const,
  pushTimeline: (orderId: string) => ['push', 'timeline', orderId] as const,
  om: ['om'] as const,
  omOrder: (orderId: string) => ['om', orderId] as const,
};

/** How many orders awaiting acknowledgement the overview loads (soonest next attempt first). */
export const OVERVIEW_LIMIT = 200;
/** Push attempts arrive one event each, by the thousand when the clock jumps: refetch at most this often. */
export const PUSH_REFRESH_MS = 300;

/** The simulator clock: time, mode, speed, the next due timer. Kept fresh by `clock.changed`. */
export function useClock() {
  return useOp(apKeys.clock, 'clock.get', {});
}

/** The push schedule as the spec states it (it never changes while the app runs). */
export function usePushPlan() {
  return useOp(apKeys.pushPlan, 'push.plan', {}, { staleTime: Infinity });
}

/** Orders awaiting acknowledgement, soonest next attempt first. */
export function usePushOverview() {
  return useOp(
    apKeys.pushOverview,
    'push.overview',
    { limit: OVERVIEW_LIMIT },
    { select: (overview) => overview.orders },
  );
}

/** Orders with push completed in the last 7 days with their push state (the same read as the overview). */
export function useRecentPush() {
  return useOp(
    apKeys.pushOverview,
    'push.overview',
    { limit: OVERVIEW_LIMIT },
    { select: (overview) => overview.recent },
  );
}

/** One order's push timeline, or null when order management does not know the order (not completed). */
export function usePushTimeline(orderId: string) {
  return useOp(apKeys.pushTimeline(orderId), 'push.timeline', { orderId });
}

/** The order as order management holds it, or null before the purchase completes. */
export function useOmOrder(orderId: string) {
  return useOp(apKeys.omOrder(orderId), 'om.order.get', { orderId });
}

/**
 * Live updates of the after-purchase views; returns the unsubscribers. Push attempts are coalesced: a
 * clock advanced over thousands of orders must not refetch thousands of times.
 */
export function subscribeAfterPurchase(api: ControlApi, client: QueryClient): Array<() => void> {
  const invalidate = (queryKey: readonly unknown[]) => void client.invalidateQueries({ queryKey });
  const attempts = coalesce<string>((orderIds) => {
    // A few orders: just their timelines; many: everything push shows (only what is on screen refetches).
    if (orderIds.size <= 20) {
      for (const id of orderIds) invalidate(apKeys.pushTimeline(id));
      invalidate(apKeys.pushOverview);
    } else {
      invalidate(apKeys.push);
    }
    // The next due timer moved on (the real-time runner fires without a clock.changed).
    invalidate(apKeys.clock);
  }, PUSH_REFRESH_MS);
  const orderChanged = (orderId: string) => {
    invalidate(apKeys.omOrder(orderId));
    invalidate(apKeys.pushTimeline(orderId));
    invalidate(apKeys.pushOverview);
  };
  return [
    api.subscribe('clock.changed', (view) => client.setQueryData(apKeys.clock, view)),
    api.subscribe('push.attempted', (attempt) => attempts.add(attempt.order_id)),
    api.subscribe('om.order.updated', (o) => orderChanged(o.order_id)),
    api.subscribe('notification.sent', (n) => orderChanged(n.order_id)),
    // A completion creates the order in order management and schedules its first push.
    api.subscribe('order.updated', (o) => {
      if (o.status === 'checkout_complete') orderChanged(o.order_id);
    }),
    () => attempts.dispose(),
  ];
}
