import { dirname } from 'node:path';
import { DEFAULT_CREDENTIALS } from '@shared/schemas/config.schema';
import type { Db } from '../store/db';
import type { ExchangeWriter } from '../store/exchange-writer';
import { buildAfterPurchase } from './build-after-purchase';
import { buildIntegrator } from './build-integrator';
import { buildShipping } from './build-shipping';
import { CheckoutOrders } from './checkout/checkout-orders';
import { CustomerSteps } from './checkout/customer-steps';
import { CustomerTokens } from './checkout/customer-tokens';
import { customerView } from './checkout/customer-view';
import { CheckoutExpiry } from './expiry/order-expiry';
import { htmlSnippet } from './checkout/snippets';
import { asControlled, type Clock } from './clock';
import { ClockRegistry } from './clock/clock-registry';
import { TestClocks } from './clock/test-clocks';
import { invokeControl, type Control, type ShellHandlers } from './control';
import { controlHandlers } from './control-handlers';
import { DiskWatch } from './disk-watch';
import { DomainEvents } from './domain-events';
import { SimFailure } from './errors';
import { ElementsClients } from './elements/elements-clients';
import { EventBus } from './events';
import { CredentialSeal } from './exchanges/credential-seal';
import { ExchangeLog } from './exchanges/exchange-log';
import { logStatus } from './exchanges/log-status';
import { ExchangeReplay } from './exchanges/replay';
import { MerchantFaultsService } from './faults/merchant-faults';
import { IppDevices } from './ipp/ipp-devices';
import { IppSessions } from './ipp/ipp-sessions';
import { SessionTimeout } from './ipp/session-timeout';
import type { Logger } from './log';
import { OrderLocks } from './order-locks';
import { OutboundClient } from './outbound/callback-client';
import type { Trust } from '../net/tls/trust';
import { trustingFetch } from '../net/tls/trusting-fetch';
import { notListening, type RuntimeInfo } from './runtime-info';
import { SettingsService } from './settings';
import { registerTimerKinds } from './timer-kinds';
import { IppExpiry } from './expiry/ipp-expiry';
import { MerchantReactions } from './timers/merchant-reactions';
import { TimerService } from './timers/timer-service';

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
  /**
   * The shell's mode, data folder and the URLs its listeners answer on, bound before the core is built
   * (runtime-info.ts, boot/boot.ts). Without it: a core that never listens.
   */
  runtime?: RuntimeInfo;
  /** The authorities the simulator's own https calls trust beyond Node's roots (`--merchant-ca`, `--tls`). */
  trust?: Trust | null;
}

export type { RuntimeInfo } from './runtime-info';
export { VERSION } from './version';

/**
 * The composition root: every service, built once, in the order they need each other, and every
 * hand-off between them. The Electron shell and the headless entry both call it (boot/boot.ts).
 */
export function createCore(deps: CoreDeps) {
  const { db, log } = deps;
  // The shell's mode, data folder and listener URLs: known before the core, so a plain value.
  const runtime = deps.runtime ?? notListening(db.name);
  // The simulator clock and the test clocks beside it. `clock` is what every service reads: the test clock
  // the work at hand runs on (a request about a bound order, a test clock's timers firing), else the
  // simulator clock (clock/clock-registry.ts).
  const clocks = new ClockRegistry(db, asControlled(deps.clock));
  const clock = clocks.clock;
  const config: CoreConfig = { credentials: deps.config?.credentials ?? { ...DEFAULT_CREDENTIALS } };
  const events = new EventBus();
  const settings = new SettingsService(db, clock, events);
  const configCap = deps.config?.log_max_bytes;
  if (configCap !== undefined && configCap !== settings.get().log_max_bytes)
    settings.update({ log_max_bytes: configCap });

  // A full disk, as the last writes found it, and the log's size against its cap: the console follows.
  const disk = new DiskWatch(dirname(db.name), (watch) =>
    events.emit('log.status', logStatus(db, watch, settings.get().log_max_bytes)),
  );
  const logNow = () => logStatus(db, disk, settings.get().log_max_bytes);
  const exchanges = new ExchangeLog(db, deps.exchangeWriter, events, log, disk);
  // The writer thread keeps the log under the cap; a change from the console or a script applies at once.
  deps.exchangeWriter.setCap?.(settings.get().log_max_bytes);
  events.on('settings.changed', (s) => {
    deps.exchangeWriter.setCap?.(s.log_max_bytes);
    events.emit('log.status', logNow());
  });
  deps.exchangeWriter.onPruned?.(() => events.emit('log.status', logNow()));

  // Every timer of the simulator, on its one clock: services schedule rows; what firing each kind does is
  // registered once every service exists (registerTimerKinds below).
  // The merchant's requests about each order (the provider API tells it): an advance waits for them.
  const reactions = new MerchantReactions();
  const timers = new TimerService(db, clock, log, {
    drain: () => exchanges.catchUp(),
    settle: () => exchanges.flush(),
    clocks,
    reactions: { tracker: reactions, quietMs: () => settings.get().advance_quiet_ms },
  });
  // What the services tell each other (the hand-offs), and the one per-order lock they share.
  const domain = new DomainEvents();
  const locks = new OrderLocks();
  // The customer's token of each order (the embedded checkout's key) and the snippet that embeds it; the
  // snippet names the checkout listener's address.
  const tokens = new CustomerTokens(db, () => clock.now());
  const seal = new CredentialSeal(db, () => clock.now());
  const orders = new CheckoutOrders(
    db,
    clock,
    events,
    domain,
    (o) => htmlSnippet(runtime.urls.checkout, o, tokens.tokenOf(o.order_id)),
    () => settings.get().production_tls_rules,
    exchanges,
  );
  // Each open order's expiry timer: set at creation, gone once the order completes or is aborted.
  const checkoutExpiry = new CheckoutExpiry(orders, timers);
  domain.on('checkout.created', ({ order }) => checkoutExpiry.arm(order.order_id, order.expires_at));
  domain.on('checkout.closed', ({ orderId }) => checkoutExpiry.cancel(orderId));
  // The built-in fake integrator (build-integrator.ts): its settings, fault switches, tokens, shipments.
  const integrator = buildIntegrator({ db, clock, events });
  // Every call to the merchant and to an integrator, recorded in the exchange log.
  const outbound = new OutboundClient(
    exchanges,
    clock,
    () => ({ enforce: settings.get().production_tls_rules }),
    deps.trust ?? null,
  );

  // The shipping assistant (build-shipping.ts); "use the built-in integrator" points it at the fake's URL.
  const shipping = buildShipping({
    ...{ db, clock, events, log, outbound, orders, timers, lock: locks.run },
    builtIn: () => ({ baseUrl: runtime.urls.integrator, ...integrator.credentials() }),
  });
  shipping.settings.onChange((v) => events.emit('shipping.settings.changed', v));
  // Merchant faults: the setting and each order's own set; the calls to the merchant ask it.
  const faults = new MerchantFaultsService(db, clock, events, orders, locks.run);
  // The customer's steps in the embedded checkout: the in-session callbacks, the shipping assistant's part.
  const steps = new CustomerSteps({
    ...{ orders, client: outbound, settings, clock, domain, lock: locks.run },
    shipping: shipping.hooks,
    faultsOf: (id) => faults.of(id),
  });

  // After the purchase: the runner, the console's clock, push, order management, fraud, upsell.
  const after = buildAfterPurchase({
    ...{ db, clock, events, log, outbound, settings, orders, timers, faults, domain },
    ...{ simClock: clocks.sim, lock: locks.run, logMarks: exchanges },
  });
  const { runner, clockControl, push, om } = after;
  domain.on('timers.fired', () => clockControl.announce());

  // In-person payments: the sessions, and the devices that show them. A finalized session becomes an
  // order in order management; each new session gets its expiry timer.
  const ippSessions = new IppSessions(db, clock, events, {
    log,
    timeout: new SessionTimeout(db, clock),
    onFinalized: (session) => om.createFromIpp(session),
  });
  const ipp = {
    devices: new IppDevices(db, clock, events, (id) => ippSessions.openOn(id)),
    sessions: ippSessions,
  };
  const ippExpiry = new IppExpiry(timers, ippSessions);
  events.on('ipp.session.updated', (s) => ippExpiry.sessionUpdated(s));
  const elements = new ElementsClients(db, clock, events);
  const testClocks = new TestClocks({
    ...{ db, registry: clocks, timers, events },
    exists: (kind, id) => (kind === 'order' ? !!orders.load(id) : !!ipp.sessions.find(id)),
  });

  // Every kind of timer and what firing one does (timer-kinds.ts).
  registerTimerKinds(timers, { checkoutExpiry, tracker: shipping.tracker, push, om, ippExpiry });
  // Attempts claimed before a kill and never written go at once, on a manual clock too (the firing
  // runs in a later turn).
  if (push.resendsWaiting) void timers.fireDue(clock.now(), false);

  // Every domain event has one listener, subscribed in this function (the expiry timers' above).
  // The completion hand-off, inside the completion's transaction (customer-steps.ts): the order enters
  // order management and its push schedule starts (order-management.ts, push-service.ts); the shipment is
  // tracked.
  domain.on('checkout.completed', ({ order, completion: c }) => {
    om.createFromCheckout(order, c.fraudStatus, c.arrival);
    // Push first: the first attempt is due now and goes at once, on a manual clock too (once this
    // transaction has committed: the firing runs in a later turn).
    if (c.arrival.mode === 'push_first') void timers.fireDue(clock.now(), false);
    shipping.completed(order);
  });
  // A merchant's update of the cart: the shipping assistant fetches its options again.
  domain.on('checkout.merchant_updated', ({ orderId }) => shipping.merchantUpdated(orderId));

  const viewOf = (orderId: string) => {
    const s = orders.load(orderId);
    if (!s) return null;
    return customerView(s, { now: clock.now(), firstPushSettled: (id) => push.firstSettled(id) });
  };
  // The console's operations (control-handlers.ts), each answered by the service it is about.
  const handlers = controlHandlers({
    ...{ db, clock, config, events, exchanges, logNow, seal, ipp, elements, orders, steps, settings },
    ...{ shipping, integrator, faults, testClocks, viewOf },
    replay: new ExchangeReplay(exchanges, outbound, settings),
    after: { ...after, db, clock },
    runtime,
    tokenOf: (id) => tokens.tokenOf(id),
    // Under --tls the console's scenario runs call this simulator's https API: they trust its CA.
    ...(deps.trust ? { fetch: trustingFetch(deps.trust.extra) } : {}),
  });
  // An operation about a bound order or session (the console's, or a generated /test_helpers route's)
  // runs on that order's test clock.
  const subjectOf = (input: unknown): string | undefined => {
    if (typeof input !== 'object' || input === null) return undefined;
    const i = input as { orderId?: unknown; session_id?: unknown; sessionId?: unknown };
    const s = i.orderId ?? i.session_id ?? i.sessionId;
    return typeof s === 'string' ? s : undefined;
  };
  // The control contract with the shell's operations added (control.ts, ShellOp): the HTTP layer gives
  // `merchant.request` through the provider API's app (http/console-control.ts).
  const controlWith = (shell: ShellHandlers): Control => {
    const all = { ...handlers, ...shell };
    return {
      invoke: (op, input) =>
        clocks.run(clocks.clockOf(subjectOf(input)) ?? clocks.current(), () => invokeControl(all, op, input)),
    };
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
    /** The merchant's requests about each order, as the provider API begins and ends them. */
    reactions,
    /** The test clocks and what is bound to them; `clocks.clockOf(id)` is an order's or session's. */
    clocks,
    testClocks,
    /** Fires timers as they come due in real mode; the shells start it once listening, close() stops it. */
    runner,
    clockControl,
    om,
    omChanges: after.omChanges,
    idempotency: after.idempotency,
    push,
    timelines: after.timelines,
    fraud: after.fraud,
    upsell: after.upsell,
    /** What the services tell each other: subscribe to a hand-off (a test, a shell). */
    domain,
    /** The one per-order lock of every step that must not overlap. */
    locks,
    tokens,
    seal,
    /** What the customer sees of an order now (null when unknown): the embedded checkout, automation, console. */
    customerView: viewOf,
    /**
     * The control contract of a core without a provider API: `merchant.request` is refused. The shells'
     * console and IPC take `controlWith` the provider API's handler (http/console-control.ts).
     */
    control: controlWith({ 'merchant.request': noProviderApi }),
    controlWith,
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

/** `merchant.request` where no provider API runs in this process (a core without listeners). */
function noProviderApi(): never {
  throw new SimFailure('conflict', 'NO_MERCHANT_API', 'the provider API is not running in this process');
}

export type Core = ReturnType<typeof createCore>;
