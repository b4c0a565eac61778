import type { shippingOps } from '@shared/contract/shipping-ops';
import type { CheckoutOrder } from '@shared/schemas/checkout-order.schema';
import type { PickupSearchResult } from '@shared/schemas/shipping-assistant.schema';
import type { CheckoutOrders } from '../checkout/checkout-orders';
import type { Clock } from '../clock';
import type { Handlers } from '../control';
import type { Logger } from '../log';
import type { OrderLock } from '../order-locks';
import type { AssistantSettingsService } from './assistant-settings';
import type { ConformanceService } from './conformance/conformance-service';
import type { IntegratorCaller } from './integrator-caller';
import type { OptionsRefresher, ShippingDeps } from './options-refresh';
import { pickupSearch } from './pickup-search';
import type { ShippingHooks } from '../checkout/shipping-port';
import type { ShipmentTracker } from './tracking';

/** The shipping assistant's parts, built by createCore, and what it works with. */
export interface ShippingAssistantParts {
  settings: AssistantSettingsService;
  caller: IntegratorCaller;
  refresher: OptionsRefresher;
  tracker: ShipmentTracker;
  conformance: ConformanceService;
  /** What the customer's steps call (shipping-hooks.ts): options at the address step, the shipment at pay. */
  hooks: ShippingHooks;
  clock: Clock;
  log: Logger;
  orders: CheckoutOrders;
  /** The simulator's one per-order lock: refreshes and pickup searches never overlap a customer step. */
  lock: OrderLock;
}

/**
 * The shipping assistant (shipping-integrator-api.md, the caller's side): settings, the options shown in
 * the checkout, the shipment at pay, tracking after purchase, pickup search and the conformance run.
 */
export class ShippingAssistant {
  readonly settings: AssistantSettingsService;
  readonly caller: IntegratorCaller;
  readonly refresher: OptionsRefresher;
  readonly tracker: ShipmentTracker;
  readonly conformance: ConformanceService;
  /** What the customer's steps call (customer-steps.ts). */
  readonly hooks: ShippingHooks;
  private readonly lock: OrderLock;
  private readonly background = new Set<Promise<void>>();

  constructor(private readonly d: ShippingAssistantParts) {
    this.settings = d.settings;
    this.caller = d.caller;
    this.refresher = d.refresher;
    this.tracker = d.tracker;
    this.conformance = d.conformance;
    this.hooks = d.hooks;
    this.lock = d.lock;
  }

  /** Turns the assistant on against the built-in fake integrator, with its credentials. */
  useBuiltInIntegrator() {
    return this.settings.useBuiltInIntegrator();
  }

  pickupSearch(orderId: string, input: unknown): Promise<PickupSearchResult> {
    return this.lock(orderId, () =>
      pickupSearch({ ...this.deps(), orders: this.d.orders, refresher: this.refresher }, orderId, input),
    );
  }

  /**
   * A merchant update is a cart change (spec: "on every cart or address change"): the options are fetched
   * again in the background, once no step of the order runs; the merchant's answer does not wait for it.
   */
  merchantUpdated(orderId: string): void {
    if (!this.settings.enabled()) return;
    const p = this.lock(orderId, async () => {
      const s = this.d.orders.load(orderId);
      if (!s || s.order.status !== 'checkout_incomplete' || s.state.aborted) return;
      const r = await this.refresher.refresh(s, true);
      if (r.session !== s) this.d.orders.save(r.session, { touch: false, names: r.exchangeIds });
    })
      .catch((err: unknown) => this.d.log.error(`refreshing the shipping options of ${orderId} failed`, err))
      .finally(() => this.background.delete(p));
    this.background.add(p);
  }

  /** The purchase completed: tracking polls start when the shipment's tracking is incomplete. */
  completed(order: CheckoutOrder): void {
    this.tracker.completed(order);
  }

  /** Resolves once background refreshes are done (tests; close). */
  async idle(): Promise<void> {
    while (this.background.size > 0) await Promise.all([...this.background]);
  }

  private deps(): ShippingDeps {
    return { settings: this.settings, caller: this.caller, clock: this.d.clock };
  }
}

/** The control contract's shipping operations. */
export function shippingHandlers(a: ShippingAssistant): Pick<Handlers, keyof typeof shippingOps> {
  return {
    'shipping.settings.get': () => a.settings.view(),
    'shipping.settings.update': (i) => a.settings.update(i),
    'shipping.settings.useBuiltIn': () => a.useBuiltInIntegrator(),
    'shipping.pickupSearch': (i) => a.pickupSearch(i.orderId, { postal_code: i.postal_code }),
    'shipping.tracking.get': (i) => a.tracker.get(i.orderId),
    'shipping.conformance.run': (i) => a.conformance.run(i),
    'shipping.conformance.list': (i) => ({ runs: a.conformance.list(i.limit ?? 50) }),
    'shipping.conformance.get': (i) => a.conformance.get(i.runId),
    'shipping.conformance.export': (i) => a.conformance.export(i.runId, i.format),
  };
}
