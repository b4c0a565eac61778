import type { Db } from '../store/db';
import type { CheckoutOrders } from './checkout/checkout-orders';
import type { Clock } from './clock';
import type { Logger } from './log';
import type { OrderLock } from './order-locks';
import type { OutboundClient } from './outbound/callback-client';
import { AssistantSettingsService, type BuiltInTarget } from './shipping/assistant-settings';
import { ConformanceService } from './shipping/conformance/conformance-service';
import { IntegratorCaller } from './shipping/integrator-caller';
import { OptionsRefresher, type ShippingDeps } from './shipping/options-refresh';
import { ShipmentPay } from './shipping/shipment-pay';
import { ShippingAssistant } from './shipping/shipping-assistant';
import { assistantHooks } from './shipping/shipping-hooks';
import { ShipmentTracker } from './shipping/tracking';
import type { EventBus } from './events';
import type { TimerService } from './timers/timer-service';

export interface ShippingInputs {
  db: Db;
  clock: Clock;
  events: EventBus;
  log: Logger;
  outbound: OutboundClient;
  orders: CheckoutOrders;
  timers: TimerService;
  lock: OrderLock;
  /** The built-in fake integrator's URL and credentials, read when the assistant is pointed at it. */
  builtIn: BuiltInTarget;
}

/**
 * The shipping assistant's seven parts, each built here from the ones before it (createCore calls this
 * with everything they need): its settings, the integrator's caller, the options shown in the checkout,
 * tracking after purchase, the shipment at pay, the hooks the customer's steps call, the conformance run.
 */
export function buildShipping(d: ShippingInputs): ShippingAssistant {
  const settings = new AssistantSettingsService(d.db, d.clock, d.builtIn);
  const deps: ShippingDeps = { settings, caller: new IntegratorCaller(d.outbound), clock: d.clock };
  const refresher = new OptionsRefresher(deps);
  const tracker = new ShipmentTracker(d.db, deps, d.events, d.timers);
  const payer = new ShipmentPay(deps, refresher, (s, doc) => tracker.confirmed(s, doc));
  const hooks = assistantHooks(deps, refresher, payer);
  const conformance = new ConformanceService(
    d.db,
    d.outbound,
    d.clock,
    d.events,
    () => settings.get().timeout_ms,
  );
  return new ShippingAssistant({
    ...{ ...deps, refresher, tracker, hooks, conformance },
    ...{ log: d.log, orders: d.orders, lock: d.lock },
  });
}
