import { DEFAULT_CREDENTIALS } from '@shared/schemas/config.schema';
import type { OpOutput } from '@shared/contract/control';
import type { Db } from '../store/db';
import type { ExchangeWriter } from '../store/exchange-writer';
import { CheckoutOrders } from './checkout/checkout-orders';
import type { Clock } from './clock';
import { invokeControl, type Handlers } from './control';
import { EventBus } from './events';
import { ExchangeLog } from './exchanges/exchange-log';
import type { Logger } from './log';

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
  let runtime: RuntimeInfo = {
    mode: 'browser',
    dataDir: db.name,
    urls: { api: '', console: '', integrator: '' },
  };

  const handlers: Handlers = {
    'app.info': () => ({ version: VERSION, credentials: config.credentials, ...runtime }),
    'orders.list': (i) => orders.list(i.limit),
    'orders.get': (i) => (orders.find(i.orderId) as Record<string, unknown> | undefined) ?? null,
    'exchanges.list': (i) => exchanges.list({ orderId: i.orderId, limit: i.limit }),
  };

  return {
    config,
    clock,
    log,
    events,
    exchanges,
    orders,
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
