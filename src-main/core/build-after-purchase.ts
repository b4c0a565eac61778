import { dirname } from 'node:path';
import type { Db } from '../store/db';
import { PushWireMarks } from '../store/push-wire-marks';
import type { CheckoutOrders } from './checkout/checkout-orders';
import type { ControlledClock } from './clock';
import type { DomainEvents } from './domain-events';
import type { EventBus } from './events';
import { untilLogged, type LogMarks } from './exchanges/log-marks';
import type { MerchantFaultsService } from './faults/merchant-faults';
import type { Logger } from './log';
import type { OrderLock } from './order-locks';
import { FraudNotifications } from './order-management/fraud-notification';
import { IdempotencyStore } from './order-management/idempotency';
import { OmChanges } from './order-management/om-changes';
import { OmRecords } from './order-management/om-records';
import { OrderManagement } from './order-management/order-management';
import type { OutboundClient } from './outbound/callback-client';
import { PushFaultCalls } from './push/push-fault-calls';
import { PushService } from './push/push-service';
import { PushTimelines } from './push/push-timeline';
import type { SettingsService } from './settings';
import { ClockControl } from './timers/clock-control';
import { TimerRunner } from './timers/timer-runner';
import type { TimerService } from './timers/timer-service';
import { UpsellService } from './upsell/upsell-service';

export interface AfterPurchaseInputs {
  db: Db;
  clock: ControlledClock;
  /** The simulator clock itself: the runner and the console's clock move it, never a test clock. */
  simClock: ControlledClock;
  events: EventBus;
  log: Logger;
  outbound: OutboundClient;
  settings: SettingsService;
  orders: CheckoutOrders;
  timers: TimerService;
  faults: MerchantFaultsService;
  /** Where the runner says it fired timers (`timers.fired`). */
  domain: DomainEvents;
  lock: OrderLock;
  /** The exchange log's marks: push stores an attempt's answer once its exchange is in the log. */
  logMarks: LogMarks;
}

/**
 * Everything after the purchase, each built from the ones before it (createCore calls this with
 * everything they need and wires what they tell each other): the timer runner and the console's clock,
 * order management's records, push, order management, its changes, push timelines, fraud notifications,
 * upsell and the idempotency keys.
 */
export function buildAfterPurchase(d: AfterPurchaseInputs) {
  const { db, clock, events, log, outbound, faults } = d;
  const runner = new TimerRunner(d.timers, d.simClock, log, d.domain, dirname(db.name));
  const clockControl = new ClockControl(d.simClock, d.timers, runner, events);
  const timeoutMs = () => d.settings.get().callback_timeout_ms;
  const records = new OmRecords(db, clock, events);
  // A push attempt meets the order's merchant faults; one applied is kept in the order's state.
  const pushFaults = { on: faults.on.bind(faults), record: records.recordFault.bind(records) };
  const pushFaultCalls = new PushFaultCalls(outbound, clock, d.logMarks, pushFaults);
  // Which claimed attempts were written to the socket, in a file beside simulator.db (push-wire-marks.ts).
  const marks = PushWireMarks.open(db);
  const push = new PushService(
    db,
    clock,
    d.timers,
    outbound,
    events,
    log,
    timeoutMs,
    d.logMarks,
    pushFaultCalls,
    marks,
  );
  const om = new OrderManagement(db, clock, records, d.timers, push, faults);
  const logged = () => untilLogged(d.logMarks);
  return {
    runner,
    clockControl,
    push,
    om,
    /** Order management beyond capture, refund and cancel: authorization, customer, shipping, due dates. */
    omChanges: new OmChanges(om, clock),
    timelines: new PushTimelines(db, clock, om, push, d.timers),
    fraud: new FraudNotifications(om, outbound, clock, events, timeoutMs, faults, logged),
    upsell: new UpsellService({
      db,
      clock,
      orders: d.orders,
      om,
      outbound,
      settings: d.settings,
      lock: d.lock,
    }),
    idempotency: new IdempotencyStore(db, clock),
  };
}
