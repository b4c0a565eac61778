import { CHECKOUT_EXPIRY_KIND, type CheckoutExpiry } from './expiry/order-expiry';
import { OM_EXPIRY_KIND, type OrderManagement } from './order-management/order-management';
import { PUSH_RESEND_KIND } from './push/push-recovery';
import { PUSH_KIND, type PushService } from './push/push-service';
import { TRACKING_POLL_KIND, type ShipmentTracker } from './shipping/tracking';
import { IPP_EXPIRY_KIND, type IppExpiry } from './expiry/ipp-expiry';
import type { TimerService } from './timers/timer-service';

/** The services whose timers fire (createCore builds them). */
export interface TimerOwners {
  checkoutExpiry: CheckoutExpiry;
  tracker: ShipmentTracker;
  push: PushService;
  om: OrderManagement;
  ippExpiry: IppExpiry;
}

/**
 * Every kind of timer the simulator has, and what firing one does: the whole list, in one place. A
 * timer row names its kind (timers/timer-service.ts); a kind not listed here is dropped with a warning.
 */
export function registerTimerKinds(timers: TimerService, o: TimerOwners): void {
  // An open checkout order's expiry (the console hears it expire).
  timers.register(CHECKOUT_EXPIRY_KIND, o.checkoutExpiry.timer);
  // A shipment's tracking poll at the integrator, after the purchase.
  timers.register(TRACKING_POLL_KIND, o.tracker.pollTimer);
  // A push attempt to the merchant, and the resend of one claimed before a kill. Both call the merchant:
  // an advance waits for its reactions (order read, acknowledgement) before moving the clock on.
  timers.register(PUSH_KIND, { ...o.push.attemptTimer, callsMerchant: true });
  timers.register(PUSH_RESEND_KIND, { ...o.push.resendTimer, callsMerchant: true });
  // An order-management order's authorization running out.
  timers.register(OM_EXPIRY_KIND, {
    claim: (t) => {
      if (t.order_id) o.om.expire(t.order_id);
      return null;
    },
  });
  // An in-person session's expiry.
  timers.register(IPP_EXPIRY_KIND, o.ippExpiry.timer);
}
