import { dirname } from 'node:path';
import { DEFAULT_CREDENTIALS } from '@shared/schemas/config.schema';
import type { AppliedFault } from '@shared/schemas/merchant-faults.schema';
import type { Db } from '../store/db';
import type { ExchangeWriter } from '../store/exchange-writer';
import { CheckoutOrders } from './checkout/checkout-orders';
import { CheckoutExpiry } from './checkout/order-expiry';
import { CustomerSteps } from './checkout/customer-steps';
import { DomainEvents } from './domain-events';
import { OrderLocks } from './order-locks';
import { CustomerTokens } from './checkout/customer-tokens';
import { CredentialSeal } from './exchanges/credential-seal';
import { customerView } from './checkout/customer-view';
import { htmlSnippet } from './checkout/snippets';
import { asControlled, type Clock } from './clock';
import { ClockRegistry } from './clock/clock-registry';
import { TestClocks } from './clock/test-clocks';
import { invokeControl } from './control';
import { ElementsClients } from './elements/elements-clients';
import { EventBus } from './events';
import { ExchangeLog } from './exchanges/exchange-log';
import { untilLogged } from './exchanges/log-marks';
import { logStatus } from './exchanges/log-status';
import { DiskWatch } from './disk-watch';
import { FakeIntegrator } from './integrator/fake-integrator';
import { IppDevices } from './ipp/ipp-devices';
import { IppSessions } from './ipp/ipp-sessions';
import type { Logger } from './log';
import { MerchantGateway } from './merchant-gateway';
import { FraudNotifications } from './order-management/fraud-notification';
import { IdempotencyStore } from './order-management/idempotency';
import { OmChanges } from './order-management/om-changes';
import { OmRecords } from './order-management/om-records';
import { OrderManagement } from './order-management/order-management';
import { PushService } from './push/push-service';
import { PushTimelines } from './push/push-timeline';
import { ClockControl } from './timers/clock-control';
import { IppExpiry } from './timers/ipp-expiry';
import { registerTimerKinds } from './timer-kinds';
import { TimerRunner } from './timers/timer-runner';
import { UpsellService } from './upsell/upsell-service';
import { AssistantSettingsService } from './shipping/assistant-settings';
import { ConformanceService } from './shipping/conformance/conformance-service';
import { IntegratorCaller } from './shipping/integrator-caller';
import { OptionsRefresher, type ShippingDeps } from './shipping/options-refresh';
import { ShipmentPay } from './shipping/shipment-pay';
import { assistantHooks } from './shipping/shipping-hooks';
import { ShipmentTracker } from './shipping/tracking';
import { controlHandlers } from './control-handlers';
import { OutboundClient } from './outbound/callback-client';
import { SettingsService } from './settings';
import { TimerService } from './timers/timer-service';
import { ShippingAssistant } from './shipping/shipping-assistant';
import { MerchantFaultsService } from './faults/merchant-faults';
import { ExchangeReplay } from './exchanges/replay';

export interface CoreConfig {
  credentials: { username: string; password: string };
}

export interface CoreDeps {
  db: Db;
  /** The exchange log's writer thread (startExchangeWriter on the same database file). */
  exchangeWriter: ExchangeWriter;
  /** The shells pass the simulator clock (SimClock); tests a ManualClock. Every timer runs on it. */
  clock: Clock;
  log: Logger;
  /** The config file's keys the core reads (`log_max_bytes`: applied to the settings at start). */
  config?: Partial<CoreConfig> & { log_max_bytes?: number };
}

export type { RuntimeInfo } from './runtime-info';
import type { RuntimeInfo } from './runtime-info';

export { VERSION } from './version';

/** The composition root: every service, wired once. The Electron shell and the headless entry both call it. */
export function createCore(deps: CoreDeps) {
  const { db, log } = deps;
  // The simulator clock and the test clocks beside it. `clock` is what every service reads: the test clock
  // the work at hand runs on (a request about a bound order, a test clock's timers firing), else the
  // simulator clock (clock/clock-registry.ts).
  const clocks = new ClockRegistry(db, asControlled(deps.clock));
  const clock = clocks.clock;
  const config: CoreConfig = { credentials: deps.config?.credentials ?? { ...DEFAULT_CREDENTIALS } };
  const events = new EventBus();
  // A full disk, as the last writes found it, and the log's size against its cap: the console follows.
  const logNow = () => logStatus(db, disk, settings.get().log_max_bytes);
  const disk = new DiskWatch(dirname(db.name), () => events.emit('log.status', logNow()));
  const exchanges = new ExchangeLog(db, deps.exchangeWriter, events, log, disk);
  // Every timer of the simulator, on its one clock. Services register their kinds (push attempts,
  // session expiry, tracking polls, token expiry) and schedule rows; see timers/timer-service.ts.
  const timers = new TimerService(db, clock, log, {
    drain: () => exchanges.catchUp(),
    settle: () => exchanges.flush(),
    clocks,
  });
  // The customer's token of each order (the embedded checkout's key) and the snippet that embeds it; the
  // snippet names the checkout listener's address, known once the shell is listening (runtime below).
  // What the services tell each other (the hand-offs), and the one per-order lock they share.
  const domain = new DomainEvents();
  const locks = new OrderLocks();
  // The customer's token of each order (the embedded checkout's key) and the snippet that embeds it; the
  // snippet names the checkout listener's address, known once the shell is listening (runtime below).
  const tokens = new CustomerTokens(db, () => clock.now());
  const seal = new CredentialSeal(db, () => clock.now());
  const orders = new CheckoutOrders(
    db,
    clock,
    events,
    domain,
    (o) => htmlSnippet(runtime.urls.checkout, o, tokens.tokenOf(o.order_id)),
    // Read at each call, after `settings` below exists.
    () => settings.get().production_tls_rules,
  );
  // Each open order's expiry timer: set at creation, gone once the order completes or is aborted.
  const checkoutExpiry = new CheckoutExpiry(orders, timers);
  domain.on('checkout.created', ({ order }) => checkoutExpiry.arm(order.order_id, order.expires_at));
  domain.on('checkout.closed', ({ orderId }) => checkoutExpiry.cancel(orderId));
  const integrator: FakeIntegrator = new FakeIntegrator(db, clock, () =>
    events.emit('integrator.changed', { info: integrator.info(), faults: integrator.faults.get() }),
  );
  const settings = new SettingsService(db, clock, events);
  const configCap = deps.config?.log_max_bytes;
  if (configCap !== undefined && configCap !== settings.get().log_max_bytes)
    settings.update({ log_max_bytes: configCap });
  // The writer thread keeps the log under the cap; a change from the console or a script applies at once.
  deps.exchangeWriter.setCap?.(settings.get().log_max_bytes);
  events.on('settings.changed', (s) => {
    deps.exchangeWriter.setCap?.(s.log_max_bytes);
    events.emit('log.status', logNow());
  });
  deps.exchangeWriter.onPruned?.(() => events.emit('log.status', logNow()));
  const outbound = new OutboundClient(exchanges, clock, () => ({
    enforce: settings.get().production_tls_rules,
  }));
  const logged = () => untilLogged(exchanges);

  // The shipping assistant: its settings ("use the built-in integrator" reads the fake's URL from the
  // runtime info), the integrator's caller, the options shown, the shipment at pay, tracking, conformance.
  const assistantSettings = new AssistantSettingsService(db, clock, () => ({
    baseUrl: runtime.urls.integrator,
    ...integrator.credentials(),
  }));
  assistantSettings.onChange((v) => events.emit('shipping.settings.changed', v));
  const shippingDeps: ShippingDeps = {
    settings: assistantSettings,
    caller: new IntegratorCaller(outbound),
    clock,
  };
  const refresher = new OptionsRefresher(shippingDeps);
  const tracker = new ShipmentTracker(db, shippingDeps, events, timers);
  const payer = new ShipmentPay(shippingDeps, refresher, (s, doc) => tracker.confirmed(s, doc));
  const conformance = new ConformanceService(
    db,
    outbound,
    clock,
    events,
    () => assistantSettings.get().timeout_ms,
  );
  const shipping = new ShippingAssistant({
    ...{ ...shippingDeps, refresher, tracker, conformance, log, orders, lock: locks.run },
    hooks: assistantHooks(shippingDeps, refresher, payer),
  });
  // Merchant faults: the setting and each order's own set; the calls to the merchant ask it.
  const faults = new MerchantFaultsService(db, clock, events, orders, locks.run);
  const steps = new CustomerSteps({
    ...{ orders, client: outbound, settings, clock, domain, lock: locks.run },
    shipping: shipping.hooks,
    faultsOf: (id) => faults.of(id),
    logged,
  });

  // In-person payments: the sessions, and the devices that show them. A finalized session is told
  // (`ipp.finalized`): it becomes an order in order management.
  const ippSessions = new IppSessions(db, clock, events, {
    log,
    onFinalized: (session) => domain.emit('ipp.finalized', { session }),
  });
  const ippDevices = new IppDevices(db, clock, events, (id) => ippSessions.openOn(id));
  const ipp = { devices: ippDevices, sessions: ippSessions };
  const elements = new ElementsClients(db, clock, events);

  // After the purchase: the timer runner and the console's clock (both move the simulator clock, never a
  // test clock), push, order management, fraud notifications, upsell, idempotency keys.
  const runner = new TimerRunner(timers, clocks.sim, log, domain);
  const clockControl = new ClockControl(clocks.sim, timers, runner, events);
  domain.on('timers.fired', () => clockControl.announce());
  const timeoutMs = () => settings.get().callback_timeout_ms;
  // An applied push fault is kept in the order's state by order management (created just below).
  const pushFaults = {
    on: faults.on.bind(faults),
    record: (id: string, f: AppliedFault) => om.recordFault(id, f),
  };
  const push = new PushService(db, clock, timers, outbound, events, log, timeoutMs, exchanges, pushFaults);
  const om = new OrderManagement(db, clock, new OmRecords(db, clock, events), timers, push, faults);
  const omChanges = new OmChanges(om, clock);
  const timelines = new PushTimelines(db, clock, om, push, timers);
  const fraud = new FraudNotifications(om, outbound, clock, events, timeoutMs, faults, logged);
  const upsell = new UpsellService({ db, clock, orders, om, outbound, settings, lock: locks.run });
  // A finalized in-person session becomes an order here; a completed purchase too (the hand-off below).
  domain.on('ipp.finalized', ({ session }) => om.createFromIpp(session));
  const idempotency = new IdempotencyStore(db, clock);
  // Each new in-person session's expiry timer.
  const ippExpiry = new IppExpiry(timers, ippSessions);
  events.on('ipp.session.updated', (s) => ippExpiry.sessionUpdated(s));

  // Every kind of timer and what firing one does, now that each service exists (timer-kinds.ts).
  registerTimerKinds(timers, { checkoutExpiry, tracker, push, om, ippExpiry });
  // Attempts claimed before a kill and never written go at once, on a manual clock too (the firing
  // runs in a later turn).
  if (push.resendsWaiting) void timers.fireDue(clock.now(), false);

  const testClocks = new TestClocks({
    ...{ db, registry: clocks, timers, events },
    exists: (kind, id) => (kind === 'order' ? !!orders.load(id) : !!ipp.sessions.find(id)),
  });
  // The completion hand-off, inside the completion's transaction: the order enters order management and
  // its push schedule starts; the shipment is tracked.
  domain.on('checkout.completed', ({ order, completion: c }) => {
    om.createFromCheckout(order, c.fraudStatus, c.arrival);
    // Push first: the first attempt is due now and goes at once, on a manual clock too (once this
    // transaction has committed: the firing runs in a later turn).
    if (c.arrival.mode === 'push_first') void timers.fireDue(clock.now(), false);
  });
  domain.on('checkout.completed', ({ order }) => shipping.completed(order));
  // A merchant's update of the cart: the shipping assistant fetches its options again.
  domain.on('checkout.merchant_updated', ({ orderId }) => shipping.merchantUpdated(orderId));
  const viewOf = (orderId: string) => {
    const s = orders.load(orderId);
    if (!s) return null;
    return customerView(s, { now: clock.now(), firstPushSettled: (id) => push.firstSettled(id) });
  };
  // The console acting as the merchant, through the provider API's own routes (attached by the HTTP layer).
  const merchant = new MerchantGateway(() => config.credentials);
  let runtime: RuntimeInfo = {
    mode: 'browser',
    dataDir: db.name,
    urls: { api: '', console: '', integrator: '', checkout: '', shop: '' },
  };

  const handlers = controlHandlers({
    ...{ db, clock, config, events, exchanges, logNow, seal, ipp, elements, orders, steps, settings },
    ...{ shipping, integrator, faults, merchant, testClocks, viewOf },
    replay: new ExchangeReplay(exchanges, outbound, settings),
    after: { db, clock, clockControl, timelines, om, fraud, upsell },
    runtime: () => runtime,
    tokenOf: (id) => tokens.tokenOf(id),
  });
  // An operation about a bound order or session (the console's, or a generated /test_helpers route's)
  // runs on that order's test clock.
  const subjectOf = (input: unknown): string | undefined => {
    if (typeof input !== 'object' || input === null) return undefined;
    const i = input as { orderId?: unknown; session_id?: unknown; sessionId?: unknown };
    const s = i.orderId ?? i.session_id ?? i.sessionId;
    return typeof s === 'string' ? s : undefined;
  };

  return {
    config,
    clock,
    log,
    events,
    exchanges,
    /** Whether the disk holding the data folder is full: the HTTP apps answer 507 with it. */
    disk,
    orders,
    integrator,
    ipp,
    elements,
    settings,
    outbound,
    steps,
    /** Merchant faults: the simulator misbehaving towards the merchant on purpose (sim-defined). */
    faults,
    /** The shipping assistant: settings, integrator options, shipments, tracking, conformance runs. */
    shipping,
    timers,
    /** The test clocks and what is bound to them; `clocks.clockOf(id)` is an order's or session's. */
    clocks,
    testClocks,
    /** Fires timers as they come due in real mode; the shells start it once listening, close() stops it. */
    runner,
    clockControl,
    om,
    omChanges,
    idempotency,
    push,
    timelines,
    fraud,
    upsell,
    /** What the services tell each other: subscribe to a hand-off (a test, a shell). */
    domain,
    /** The one per-order lock of every step that must not overlap. */
    locks,
    tokens,
    seal,
    /** The console's calls as the merchant: the provider app attaches its handler here. */
    merchant,
    /** What the customer sees of an order now (null when unknown): the embedded checkout, automation, console. */
    customerView: viewOf,
    control: {
      invoke: (op: string, input: unknown) =>
        clocks.run(clocks.clockOf(subjectOf(input)) ?? clocks.current(), () =>
          invokeControl(handlers, op, input),
        ),
    },
    /** Set by the shell once its listeners are up. */
    setRuntimeInfo(info: RuntimeInfo): void {
      runtime = info;
    },
    /** Stops the timers, writes out the exchange log, stops its writer and closes the database. */
    async close(): Promise<void> {
      await shipping.idle();
      // The runner stops and the firings in flight end, so nothing writes after the database closes.
      runner.stop();
      await timers.idle();
      push.close();
      clock.checkpoint();
      await exchanges.flush();
      await deps.exchangeWriter.close();
      db.close();
    },
  };
}

export type Core = ReturnType<typeof createCore>;
