import type { afterPurchaseOps } from '@shared/contract/after-purchase-ops';
import type { StepAnswer } from '@shared/schemas/customer.schema';
import type { StepResult } from '@shared/schemas/session.schema';
import type { AppliedFault } from '@shared/schemas/merchant-faults.schema';
import type { FaultSwitch } from '../faults/merchant-faults';
import type { Db } from '../../store/db';
import type { CheckoutOrders } from '../checkout/checkout-orders';
import type { ControlledClock } from '../clock';
import type { Handlers } from '../control';
import type { DomainEvents } from '../domain-events';
import type { EventBus } from '../events';
import type { OrderLock } from '../order-locks';
import type { Ipp } from '../ipp/create-ipp';
import type { Logger } from '../log';
import type { OutboundClient } from '../outbound/callback-client';
import { PushService } from '../push/push-service';
import { untilLogged, type LogMarks } from '../exchanges/log-marks';
import { pushPlan, PushTimelines } from '../push/push-timeline';
import { recentPush } from '../push/push-recent';
import type { SettingsService } from '../settings';
import { ClockControl } from '../timers/clock-control';
import { registerIppExpiry } from '../timers/ipp-expiry';
import { TimerRunner } from '../timers/timer-runner';
import type { TimerService } from '../timers/timer-service';
import { UpsellService } from '../upsell/upsell-service';
import { FraudNotifications } from './fraud-notification';
import { IdempotencyStore } from './idempotency';
import { OmChanges } from './om-changes';
import { OmRecords } from './om-records';
import { OM_EXPIRY_KIND, OrderManagement } from './order-management';

export interface AfterPurchaseDeps {
  db: Db;
  clock: ControlledClock;
  /** The simulator clock itself (the runner and the console's clock move it, never a test clock). */
  simClock?: ControlledClock;
  events: EventBus;
  log: Logger;
  outbound: OutboundClient;
  settings: SettingsService;
  orders: CheckoutOrders;
  ipp: Ipp;
  /** The simulator's timers (created by createCore first, so every service can register kinds). */
  timers: TimerService;
  /** The merchant faults that apply to an order (push, acknowledgement, notification). */
  faults: FaultSwitch;
  domain: DomainEvents;
  /** The simulator's one per-order lock (upsell). */
  lock: OrderLock;
  /** The exchange log's marks: push stores an attempt's answer once its exchange is in the log. */
  logMarks: LogMarks;
}

/** Everything after the purchase, wired once: the timers and the clock, order management, push, fraud, upsell. */
export function createAfterPurchase(d: AfterPurchaseDeps) {
  const { db, clock, events, log, outbound, settings, timers } = d;
  const sim = d.simClock ?? clock;
  const runner = new TimerRunner(timers, sim, log, d.domain);
  const clockControl = new ClockControl(sim, timers, runner, events);
  d.domain.on('timers.fired', () => clockControl.announce());
  const timeoutMs = () => settings.get().callback_timeout_ms;
  // An applied push fault is kept in the order's state by order management (created just below).
  const pushFaults = {
    on: d.faults.on.bind(d.faults),
    record: (id: string, f: AppliedFault) => om.recordFault(id, f),
  };
  const push = new PushService(db, clock, timers, outbound, events, log, timeoutMs, d.logMarks, pushFaults);
  // Attempts claimed before a kill and never written go at once, on a manual clock too (the firing
  // runs in a later turn, once every kind is registered).
  if (push.resendsWaiting) void timers.fireDue(clock.now(), false);
  const om = new OrderManagement(db, clock, new OmRecords(db, clock, events), timers, push, d.faults);
  const omChanges = new OmChanges(om, clock);
  timers.register(OM_EXPIRY_KIND, {
    claim: (t) => {
      if (t.order_id) om.expire(t.order_id);
      return null;
    },
  });
  registerIppExpiry(timers, d.ipp, events);
  const timelines = new PushTimelines(db, clock, om, push, timers);
  const logged = () => untilLogged(d.logMarks);
  const fraud = new FraudNotifications(om, outbound, clock, events, timeoutMs, d.faults, logged);
  const upsell = new UpsellService({ db, clock, orders: d.orders, om, outbound, settings, lock: d.lock });
  // A finalized in-person session becomes an order here; a completed purchase too (createCore's hand-off).
  d.domain.on('ipp.finalized', ({ session }) => om.createFromIpp(session));
  const idempotency = new IdempotencyStore(db, clock);
  return {
    idempotency,
    timers,
    runner,
    clockControl,
    push,
    om,
    /** Order management beyond capture, refund and cancel: authorization, customer, shipping, due dates. */
    omChanges,
    timelines,
    /** Recently completed orders with push and their push state (the overview's `recent`). */
    recentPush: (limit?: number) => recentPush(db, clock, limit),
    fraud,
    upsell,
    /** Stops the runner and waits for firings in flight, so nothing writes after the database closes. */
    async close(): Promise<void> {
      runner.stop();
      await timers.idle();
      push.close();
      clock.checkpoint();
    },
  };
}
export type AfterPurchase = ReturnType<typeof createAfterPurchase>;

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
      recent: ap.recentPush(i.limit ?? 200),
    }),
    'om.order.get': (i) => ap.om.view(i.orderId),
    'om.fraud.resolve': (i) => ap.fraud.resolve(i.orderId, { fraud_status: i.fraud_status }),
    'upsell.fetch': (i) => answer(i.orderId, ap.upsell.fetch(i.orderId)),
    'upsell.accept': (i) => answer(i.orderId, ap.upsell.accept(i.orderId, i.input)),
  };
}
