import type { CustomerView } from '@shared/schemas/customer.schema';
import type { LogStatus } from '@shared/schemas/log-status.schema';
import type { Db } from '../store/db';
import { checkoutHandlers, withCustomerView } from './checkout/checkout-handlers';
import type { CheckoutOrders } from './checkout/checkout-orders';
import type { CustomerSteps } from './checkout/customer-steps';
import { pageOrders } from './checkout/order-list';
import { frameUrl } from './checkout/snippets';
import type { Clock } from './clock';
import { testClockHandlers, type TestClocks } from './clock/test-clocks';
import type { CoreHandlers } from './control';
import type { ElementsClients } from './elements/elements-clients';
import { elementsHandlers } from './elements/elements-handlers';
import { exploreHandlers } from './explore-handlers';
import { notFound } from './errors';
import type { EventBus } from './events';
import type { CredentialSeal } from './exchanges/credential-seal';
import type { ExchangeLog } from './exchanges/exchange-log';
import type { ExchangeReplay } from './exchanges/replay';
import { faultHandlers, type MerchantFaultsService } from './faults/merchant-faults';
import type { FakeIntegrator } from './integrator/fake-integrator';
import { integratorHandlers } from './integrator/integrator-handlers';
import { ippHandlers, type Ipp } from './ipp/ipp-handlers';
import { afterPurchaseHandlers, type AfterPurchase } from './after-purchase-handlers';
import type { RuntimeInfo } from './runtime-info';
import type { FetchLike } from '../net/tls/trusting-fetch';
import { scenarioHandlers } from './scenario-handlers';
import type { SettingsService } from './settings';
import { shippingHandlers, type ShippingAssistant } from './shipping/shipping-assistant';
import { VERSION } from './version';

/** What the console's operations read and act on: the services createCore built. */
export interface ControlServices {
  db: Db;
  clock: Clock;
  config: { credentials: { username: string; password: string } };
  events: EventBus;
  exchanges: ExchangeLog;
  /** The log's size against its cap and the disk's state, as the console shows them. */
  logNow: () => LogStatus;
  replay: ExchangeReplay;
  seal: CredentialSeal;
  ipp: Ipp;
  elements: ElementsClients;
  orders: CheckoutOrders;
  steps: CustomerSteps;
  settings: SettingsService;
  after: AfterPurchase;
  shipping: ShippingAssistant;
  integrator: FakeIntegrator;
  faults: MerchantFaultsService;
  testClocks: TestClocks;
  /** What the customer sees of an order now (null when unknown). */
  viewOf: (orderId: string) => CustomerView | null;
  /** The customer token of an order (the embedded checkout's key). */
  tokenOf: (orderId: string) => string;
  /** The shell's mode, data folder and listener URLs. */
  runtime: RuntimeInfo;
  /** The fetch the console's scenario runs use: one trusting the local CA under `--tls`. */
  fetch?: FetchLike;
}

/**
 * The control contract's operations, each answered by the service it is about; `merchant.request` is the
 * shell's (control.ts, ShellOp).
 */
export function controlHandlers(s: ControlServices): CoreHandlers {
  const { db, clock, config, events, exchanges } = s;
  return {
    'app.info': () => ({ version: VERSION, credentials: config.credentials, ...s.runtime }),
    'orders.list': (i) => pageOrders(db, clock.now(), i),
    'orders.get': (i) => (s.orders.load(i.orderId)?.order as Record<string, unknown> | undefined) ?? null,
    'exchanges.list': (i) => exchanges.list({ orderId: i.orderId, limit: i.limit }),
    'exchanges.search': (i) => exchanges.search(i),
    'exchanges.clear': async () => {
      const cleared = await exchanges.clear();
      events.emit('log.status', s.logNow());
      return { cleared };
    },
    'log.status': () => s.logNow(),
    'exchanges.replay': ({ exchangeId, ...edits }) => s.replay.replay(exchangeId, edits),
    'exchanges.sentAuthorization': async ({ exchangeId }) => {
      const e = await exchanges.find(exchangeId);
      if (!e) throw notFound(`exchange ${exchangeId}`);
      return { authorization: e.sealed_authorization ? s.seal.open(e.sealed_authorization) : null };
    },
    ...ippHandlers(s.ipp),
    ...elementsHandlers(s.elements, () => config.credentials.username),
    ...checkoutHandlers({
      ...{ db, clock, orders: s.orders, steps: s.steps, settings: s.settings },
      customerView: (id) => s.viewOf(id),
      customerUrl: (id) => frameUrl(s.runtime.urls.checkout, id, s.tokenOf(id)),
    }),
    ...afterPurchaseHandlers(s.after, withCustomerView(s.viewOf)),
    ...shippingHandlers(s.shipping),
    ...integratorHandlers(s.integrator),
    ...faultHandlers(s.faults, (id) => s.after.om.faultsApplied(id)),
    // Scenarios run through this simulator's own public API, as `checkout-sim run --api` would.
    ...scenarioHandlers(
      { urls: s.runtime.urls, credentials: config.credentials, ...(s.fetch ? { fetch: s.fetch } : {}) },
      {
        session: (id) => s.orders.load(id),
        exchanges: (id) => exchanges.list({ orderId: id, limit: 2000, ascending: true }),
        push: (id) => s.after.timelines.timeline(id),
        om: (id) => s.after.om.view(id),
        faults: (id) => s.faults.orderView(id, s.after.om.faultsApplied(id)),
        settings: () => s.settings.get(),
        ippSession: (id) => s.ipp.sessions.find(id),
        device: (id) => s.ipp.devices.listAll().find((d) => d.id === id),
        secrets: (id) => [config.credentials.password, s.tokenOf(id)],
        shopUrl: s.runtime.urls.shop,
        now: () => Date.now(),
        version: VERSION,
      },
    ),
    // Explore runs through this simulator's own public API too, as `checkout-sim explore --api` would.
    ...exploreHandlers({
      urls: s.runtime.urls,
      credentials: config.credentials,
      ...(s.fetch ? { fetch: s.fetch } : {}),
    }),
    ...testClockHandlers(s.testClocks),
  };
}
