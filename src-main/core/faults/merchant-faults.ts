import {
  faultsFrom,
  MerchantFaultsInputSchema,
  MerchantFaultsSchema,
  NO_MERCHANT_FAULTS,
  type AppliedFault,
  type MerchantFault,
  type MerchantFaults,
  type OrderMerchantFaults,
} from '@shared/schemas/merchant-faults.schema';
import { schemaProblems } from '@shared/rules/schema-problems';
import type { faultOps } from '@shared/contract/fault-ops';
import type { Handlers } from '../control';
import { listOwnMerchantFaults } from '../../store/checkout-orders.repo';
import { readSettings, writeSettings } from '../../store/settings.repo';
import type { Db } from '../../store/db';
import type { OrderLock } from '../order-locks';
import type { CheckoutOrders } from '../checkout/checkout-orders';
import type { Clock } from '../clock';
import { invalid, notFound } from '../errors';
import type { EventBus } from '../events';

const SETTING_KEY = 'merchant_faults';

/** Whether a fault is on for an order: what the services that make the calls ask, on every call. */
export interface FaultSwitch {
  on(orderId: string, fault: MerchantFault): boolean;
}

/** No fault, ever (tests and services built on their own). */
export const NO_FAULTS: FaultSwitch = { on: () => false };

function parseInput(input: unknown): MerchantFaults {
  const parsed = MerchantFaultsInputSchema.safeParse(input ?? {});
  if (!parsed.success) throw invalid(schemaProblems(parsed.error));
  return faultsFrom(parsed.data);
}

/**
 * Merchant faults (sim-defined): the setting for all orders (a row of the settings table) and each
 * order's own set (in its checkout session state), both held in memory as well: push asks for every
 * attempt, so the answer must not cost a read. An order's own set replaces the setting for it.
 */
export class MerchantFaultsService implements FaultSwitch {
  private setting: MerchantFaults;
  private readonly own = new Map<string, MerchantFaults>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly events: EventBus,
    private readonly orders: CheckoutOrders,
    /** The simulator's one per-order lock: a change of an order's session waits for its running step. */
    private readonly exclusive: OrderLock,
  ) {
    const stored = MerchantFaultsSchema.safeParse(readSettings(db)[SETTING_KEY]);
    this.setting = stored.success ? stored.data : { ...NO_MERCHANT_FAULTS };
    for (const r of listOwnMerchantFaults(db)) {
      const own = MerchantFaultsSchema.safeParse(JSON.parse(r.faults));
      if (own.success) this.own.set(r.order_id, own.data);
    }
  }

  /** The setting: the faults of every order without its own set. */
  get(): MerchantFaults {
    return { ...this.setting };
  }

  /** Replaces the setting: switches left out are off; a scenario switches on its faults. */
  set(input: unknown): MerchantFaults {
    const next = parseInput(input);
    writeSettings(this.db, { [SETTING_KEY]: next }, new Date(this.clock.now()).toISOString());
    this.setting = next;
    this.events.emit('merchantFaults.changed', { order_id: null });
    return this.get();
  }

  /** What applies to an order: its own set, else the setting. */
  of(orderId: string): MerchantFaults {
    return this.own.get(orderId) ?? this.setting;
  }

  on(orderId: string, fault: MerchantFault): boolean {
    // Most runs have no order with a set of its own: then the setting answers without a lookup.
    return (this.own.size === 0 ? this.setting : this.of(orderId))[fault];
  }

  /** An order's own set (null: back to the setting); the session is written, not the order document. */
  async setOrder(orderId: string, input: unknown): Promise<MerchantFaults | null> {
    const next = input === null ? null : parseInput(input);
    if (!this.orders.load(orderId)) throw notFound(`order ${orderId}`);
    await this.exclusive(orderId, async () => {
      const s = this.orders.load(orderId)!;
      const { merchant_faults: _old, ...rest } = s.state;
      const state = next === null ? rest : { ...rest, merchant_faults: next };
      this.orders.saveState(orderId, state);
    });
    if (next === null) this.own.delete(orderId);
    else this.own.set(orderId, next);
    this.events.emit('merchantFaults.changed', { order_id: orderId });
    return next;
  }

  /**
   * An order's faults: its own set, the setting, what applies, and every fault applied so far (in the
   * checkout, and `afterPurchase` from order management), oldest first; null for an unknown order.
   */
  orderView(orderId: string, afterPurchase: readonly AppliedFault[]): OrderMerchantFaults | null {
    const s = this.orders.load(orderId);
    if (!s) return null;
    const applied = [...(s.state.faults_applied ?? []), ...afterPurchase].sort((a, b) =>
      a.at < b.at ? -1 : a.at > b.at ? 1 : 0,
    );
    return {
      order_id: orderId,
      own: this.own.get(orderId) ?? null,
      setting: this.get(),
      effective: { ...this.of(orderId) },
      applied,
    };
  }
}

/** The control contract's merchant fault operations. */
export function faultHandlers(
  faults: MerchantFaultsService,
  afterPurchase: (orderId: string) => AppliedFault[],
): Pick<Handlers, keyof typeof faultOps> {
  const view = (orderId: string) => faults.orderView(orderId, afterPurchase(orderId));
  return {
    'merchantFaults.get': () => faults.get(),
    'merchantFaults.set': (i) => faults.set(i),
    'merchantFaults.order.get': (i) => view(i.orderId),
    'merchantFaults.order.set': async (i) => {
      await faults.setOrder(i.orderId, i.faults);
      return view(i.orderId)!;
    },
  };
}
