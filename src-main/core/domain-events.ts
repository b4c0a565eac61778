import type { CheckoutOrder } from '@shared/schemas/checkout-order.schema';
import type { ArrivalApplied } from '@shared/schemas/arrival.schema';
import type { FraudStatus } from '@shared/schemas/order-management.schema';

/** What a completed purchase hands on: the fraud status it got and who tells the merchant first. */
export interface Completion {
  fraudStatus: FraudStatus;
  arrival: ArrivalApplied;
}

/**
 * What one service tells the others, typed: the hand-offs between services, in place of callbacks set
 * on them after construction. Listeners run synchronously, in the order they subscribed, inside the
 * emitter's transaction where there is one; unlike the console's events (events.ts), a listener that
 * throws fails the emitter, so a hand-off that fails rolls back what caused it.
 */
export interface DomainEventMap {
  /** A checkout order was created (its expiry timer is set). */
  'checkout.created': { order: CheckoutOrder };
  /** A write left an order completed or aborted (its expiry timer goes). */
  'checkout.closed': { orderId: string };
  /** The merchant updated an order (the shipping assistant fetches its options again). */
  'checkout.merchant_updated': { orderId: string };
  /** A purchase completed (inside the completion's transaction): order management, push, shipment tracking. */
  'checkout.completed': { order: CheckoutOrder; completion: Completion };
  /** A round of the timer runner fired timers (the console hears that the clock moved on). */
  'timers.fired': Record<string, never>;
}

export type DomainEventName = keyof DomainEventMap;
type Listener<K extends DomainEventName> = (payload: DomainEventMap[K]) => void;

export class DomainEvents {
  private readonly listeners = new Map<DomainEventName, Listener<DomainEventName>[]>();

  on<K extends DomainEventName>(name: K, listener: Listener<K>): () => void {
    const list = this.listeners.get(name) ?? [];
    list.push(listener as Listener<DomainEventName>);
    this.listeners.set(name, list);
    return () => {
      const at = list.indexOf(listener as Listener<DomainEventName>);
      if (at >= 0) list.splice(at, 1);
    };
  }

  emit<K extends DomainEventName>(name: K, payload: DomainEventMap[K]): void {
    for (const l of [...(this.listeners.get(name) ?? [])]) l(payload);
  }
}
