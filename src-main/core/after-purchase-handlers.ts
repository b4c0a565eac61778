import type { afterPurchaseOps } from '@shared/contract/after-purchase-ops';
import type { StepAnswer } from '@shared/schemas/customer.schema';
import type { StepResult } from '@shared/schemas/session.schema';
import type { Db } from '../store/db';
import type { Clock } from './clock';
import type { Handlers } from './control';
import { pushPlan, type PushTimelines } from './push/push-timeline';
import { recentPush } from './push/push-recent';
import type { ClockControl } from './timers/clock-control';
import type { UpsellService } from './upsell/upsell-service';
import type { FraudNotifications } from './order-management/fraud-notification';
import type { OrderManagement } from './order-management/order-management';

/** What the after-purchase operations read: the clock, push, order management, fraud and upsell (createCore). */
export interface AfterPurchase {
  db: Db;
  clock: Clock;
  clockControl: ClockControl;
  timelines: PushTimelines;
  om: OrderManagement;
  fraud: FraudNotifications;
  upsell: UpsellService;
}

/** The control contract's after-purchase operations. */
export function afterPurchaseHandlers(
  ap: AfterPurchase,
  answer: (orderId: string, result: Promise<StepResult>) => Promise<StepAnswer>,
): Pick<Handlers, keyof typeof afterPurchaseOps> {
  return {
    'clock.get': () => ap.clockControl.view(),
    'clock.set': (i) => ap.clockControl.set(i),
    'clock.advance': (i) => ap.clockControl.advance(i),
    'clock.backToNow': () => ap.clockControl.backToNow(),
    'push.plan': () => pushPlan(),
    'push.timeline': (i) => ap.timelines.timeline(i.orderId),
    'push.overview': (i) => ({
      plan: pushPlan(),
      orders: ap.timelines.overview(i.limit ?? 200),
      // Recently completed orders with push and their push state.
      recent: recentPush(ap.db, ap.clock, i.limit ?? 200),
    }),
    'om.order.get': (i) => ap.om.view(i.orderId),
    'om.fraud.resolve': (i) => ap.fraud.resolve(i.orderId, { fraud_status: i.fraud_status }),
    'upsell.fetch': (i) => answer(i.orderId, ap.upsell.fetch(i.orderId)),
    'upsell.accept': (i) => answer(i.orderId, ap.upsell.accept(i.orderId, i.input)),
  };
}
