import { DEFAULT_CREDENTIALS } from '@shared/schemas/config.schema';
import type { OpOutput } from '@shared/contract/control';
import type { CheckoutOrder } from '@shared/schemas/checkout-order.schema';
import type { Db } from '../store/db';
import type { ExchangeWriter } from '../store/exchange-writer';
import { checkoutHandlers } from './checkout/checkout-handlers';
import { CheckoutOrders } from './checkout/checkout-orders';
import { CustomerSteps } from './checkout/customer-steps';
import type { Clock } from './clock';
import { invokeControl, type Handlers } from './control';
import { ElementsClients } from './elements/elements-clients';
import { elementsHandlers } from './elements/elements-handlers';
import { EventBus } from './events';
import { ExchangeLog } from './exchanges/exchange-log';
import { FakeIntegrator } from './integrator/fake-integrator';
import { createIpp, ippHandlers } from './ipp/create-ipp';
import type { Logger } from './log';
import { OutboundClient } from './outbound/callback-client';
import { SettingsService } from './settings';

export interface CoreConfig {
  credentials: { username: string; password: string };
}

export interface CoreDeps {
  db: Db;
  /** The exchange log's writer thread (startExchangeWriter on the same database file). */
  exchangeWriter: ExchangeWriter;
  clock: Clock;
  log: Logger;
  config?: Partial<CoreConfig>;
}

export type RuntimeInfo = Omit<OpOutput<'app.info'>, 'version' | 'credentials'>;

export { VERSION } from './version';
import { VERSION } from './version';

/** The composition root: every service, wired once. The Electron shell and the headless entry both call it. */
export function createCore(deps: CoreDeps) {
  const { db, clock, log } = deps;
  const config: CoreConfig = { credentials: deps.config?.credentials ?? { ...DEFAULT_CREDENTIALS } };
  const events = new EventBus();
  const exchanges = new ExchangeLog(db, deps.exchangeWriter, events, log);
  const orders = new CheckoutOrders(db, clock, events);
  const integrator = new FakeIntegrator(db, clock);
  const settings = new SettingsService(db, clock);
  const outbound = new OutboundClient(exchanges, clock);
  /** Called when a purchase completes; after-purchase services (order management, push) subscribe. */
  const completed: ((order: CheckoutOrder, fraudStatus: string) => void)[] = [];
  const steps = new CustomerSteps(orders, outbound, settings, clock, (order, fraud) => {
    for (const hook of completed) hook(order, fraud);
  });
  // No onFinalized yet: once order management exists, a finalized in-person session becomes an order there.
  const ipp = createIpp({ db, clock, events, log });
  const elements = new ElementsClients(db, clock, events);
  let runtime: RuntimeInfo = {
    mode: 'browser',
    dataDir: db.name,
    urls: { api: '', console: '', integrator: '' },
  };

  const handlers: Handlers = {
    'app.info': () => ({ version: VERSION, credentials: config.credentials, ...runtime }),
    'orders.list': (i) => orders.list(i.limit),
    'orders.get': (i) => (orders.load(i.orderId)?.order as Record<string, unknown> | undefined) ?? null,
    'exchanges.list': (i) => exchanges.list({ orderId: i.orderId, limit: i.limit }),
    ...ippHandlers(ipp),
    ...elementsHandlers(elements, () => config.credentials.username),
    ...checkoutHandlers({ db, clock, orders, steps, settings }),
  };

  return {
    config,
    clock,
    log,
    events,
    exchanges,
    orders,
    integrator,
    ipp,
    elements,
    settings,
    outbound,
    steps,
    onCompleted: (hook: (order: CheckoutOrder, fraudStatus: string) => void) => completed.push(hook),
    control: { invoke: (op: string, input: unknown) => invokeControl(handlers, op, input) },
    /** Set by the shell once its listeners are up. */
    setRuntimeInfo(info: RuntimeInfo): void {
      runtime = info;
    },
    /** Writes out the exchange log, stops its writer and closes the database. */
    async close(): Promise<void> {
      await exchanges.flush();
      await deps.exchangeWriter.close();
      db.close();
    },
  };
}

export type Core = ReturnType<typeof createCore>;
