import { dirname } from 'node:path';
import { DEFAULT_CREDENTIALS } from '@shared/schemas/config.schema';
import type { OpOutput } from '@shared/contract/control';
import type { Db } from '../store/db';
import type { ExchangeWriter } from '../store/exchange-writer';
import { checkoutHandlers, withCustomerView } from './checkout/checkout-handlers';
import { pageOrders } from './checkout/order-list';
import { CheckoutOrders } from './checkout/checkout-orders';
import { trackCheckoutExpiry } from './checkout/order-expiry';
import { CustomerSteps } from './checkout/customer-steps';
import { DomainEvents } from './domain-events';
import { OrderLocks } from './order-locks';
import { CustomerTokens } from './checkout/customer-tokens';
import { CredentialSeal } from './exchanges/credential-seal';
import { notFound } from './errors';
import { customerView } from './checkout/customer-view';
import { frameUrl, htmlSnippet } from './checkout/snippets';
import { asControlled, type Clock } from './clock';
import { ClockRegistry } from './clock/clock-registry';
import { TestClocks, testClockHandlers } from './clock/test-clocks';
import { invokeControl, type Handlers } from './control';
import { ElementsClients } from './elements/elements-clients';
import { elementsHandlers } from './elements/elements-handlers';
import { EventBus } from './events';
import { ExchangeLog } from './exchanges/exchange-log';
import { untilLogged } from './exchanges/log-marks';
import { logStatus } from './exchanges/log-status';
import { DiskWatch } from './disk-watch';
import { FakeIntegrator } from './integrator/fake-integrator';
import { integratorHandlers } from './integrator/integrator-handlers';
import { createIpp, ippHandlers } from './ipp/create-ipp';
import type { Logger } from './log';
import { MerchantGateway } from './merchant-gateway';
import { afterPurchaseHandlers, createAfterPurchase } from './order-management/after-purchase';
import { OutboundClient } from './outbound/callback-client';
import { SettingsService } from './settings';
import { TimerService } from './timers/timer-service';
import { ShippingAssistant, shippingHandlers } from './shipping/shipping-assistant';
import { faultHandlers, MerchantFaultsService } from './faults/merchant-faults';
import { ExchangeReplay } from './exchanges/replay';
import { scenarioHandlers } from './scenario-handlers';

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

export type RuntimeInfo = Omit<OpOutput<'app.info'>, 'version' | 'credentials'>;

export { VERSION } from './version';
import { VERSION } from './version';

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
  trackCheckoutExpiry(orders, timers, domain);
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
  // The shipping assistant; "use the built-in integrator" reads the fake's URL from the runtime info.
  const shipping = new ShippingAssistant({
    ...{ db, clock, events, log, outbound, orders, timers, lock: locks.run },
    builtIn: () => ({ baseUrl: runtime.urls.integrator, ...integrator.credentials() }),
  });
  // Merchant faults: the setting and each order's own set; the calls to the merchant ask it.
  const faults = new MerchantFaultsService(db, clock, events, orders, locks.run);
  const steps = new CustomerSteps({
    ...{ orders, client: outbound, settings, clock, domain, lock: locks.run },
    shipping: shipping.hooks,
    faultsOf: (id) => faults.of(id),
    logged: () => untilLogged(exchanges),
  });
  const ipp = createIpp({ db, clock, events, log, domain });
  const elements = new ElementsClients(db, clock, events);
  const after = createAfterPurchase({
    ...{ db, clock, events, log, outbound, settings, orders, ipp, timers, faults },
    ...{ domain, lock: locks.run, logMarks: exchanges, simClock: clocks.sim },
  });
  const testClocks = new TestClocks({
    ...{ db, registry: clocks, timers, events },
    exists: (kind, id) => (kind === 'order' ? !!orders.load(id) : !!ipp.sessions.find(id)),
  });
  // The completion hand-off, inside the completion's transaction: the order enters order management and
  // its push schedule starts; the shipment is tracked.
  domain.on('checkout.completed', ({ order, completion: c }) => {
    after.om.createFromCheckout(order, c.fraudStatus, c.arrival);
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
    return customerView(s, { now: clock.now(), firstPushSettled: (id) => after.push.firstSettled(id) });
  };
  // The console acting as the merchant, through the provider API's own routes (attached by the HTTP layer).
  const merchant = new MerchantGateway(() => config.credentials);
  let runtime: RuntimeInfo = {
    mode: 'browser',
    dataDir: db.name,
    urls: { api: '', console: '', integrator: '', checkout: '', shop: '' },
  };

  const replay = new ExchangeReplay(exchanges, outbound, settings);

  const handlers: Handlers = {
    'app.info': () => ({ version: VERSION, credentials: config.credentials, ...runtime }),
    'orders.list': (i) => pageOrders(db, clock.now(), i),
    'orders.get': (i) => (orders.load(i.orderId)?.order as Record<string, unknown> | undefined) ?? null,
    'exchanges.list': (i) => exchanges.list({ orderId: i.orderId, limit: i.limit }),
    'exchanges.search': (i) => exchanges.search(i),
    'exchanges.clear': async () => {
      const cleared = await exchanges.clear();
      events.emit('log.status', logNow());
      return { cleared };
    },
    'log.status': () => logNow(),
    'exchanges.replay': ({ exchangeId, ...edits }) => replay.replay(exchangeId, edits),
    'exchanges.sentAuthorization': async ({ exchangeId }) => {
      const e = await exchanges.find(exchangeId);
      if (!e) throw notFound(`exchange ${exchangeId}`);
      return { authorization: e.sealed_authorization ? seal.open(e.sealed_authorization) : null };
    },
    ...ippHandlers(ipp),
    ...elementsHandlers(elements, () => config.credentials.username),
    ...checkoutHandlers({
      ...{ db, clock, orders, steps, settings },
      customerView: (id) => viewOf(id),
      customerUrl: (id) => frameUrl(runtime.urls.checkout, id, tokens.tokenOf(id)),
    }),
    ...afterPurchaseHandlers(after, withCustomerView(viewOf)),
    ...shippingHandlers(shipping),
    ...integratorHandlers(integrator),
    ...faultHandlers(faults, (id) => after.om.faultsApplied(id)),
    'merchant.request': (i) => merchant.request(i),
    // Scenarios run through this simulator's own public API, as `checkout-sim run --api` would.
    ...scenarioHandlers(() => ({ urls: runtime.urls, credentials: config.credentials }), {
      session: (id) => orders.load(id),
      exchanges: (id) => exchanges.list({ orderId: id, limit: 2000, ascending: true }),
      push: (id) => after.timelines.timeline(id),
      om: (id) => after.om.view(id),
      faults: (id) => faults.orderView(id, after.om.faultsApplied(id)),
      settings: () => settings.get(),
      isIppSession: (id) => !!ipp.sessions.find(id),
      secrets: (id) => [config.credentials.password, tokens.tokenOf(id)],
      shopUrl: () => runtime.urls.shop,
      now: () => Date.now(),
      version: VERSION,
    }),
    ...testClockHandlers(testClocks),
  };
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
    runner: after.runner,
    clockControl: after.clockControl,
    om: after.om,
    omChanges: after.omChanges,
    idempotency: after.idempotency,
    push: after.push,
    timelines: after.timelines,
    fraud: after.fraud,
    upsell: after.upsell,
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
      await after.close();
      await exchanges.flush();
      await deps.exchangeWriter.close();
      db.close();
    },
  };
}

export type Core = ReturnType<typeof createCore>;
