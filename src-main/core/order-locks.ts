/** Runs `run` while no other work on the same order runs. */
export type OrderLock = <T>(orderId: string, run: () => Promise<T>) => Promise<T>;

/**
 * The one per-order lock of the simulator: the customer's steps, the shipping assistant's background
 * refreshes and pickup searches, upsell and merchant-fault changes on one order run one at a time, in
 * the order they asked; work on different orders runs side by side.
 */
export class OrderLocks {
  private readonly tails = new Map<string, Promise<unknown>>();

  readonly run: OrderLock = <T>(orderId: string, run: () => Promise<T>): Promise<T> => {
    const prev = this.tails.get(orderId) ?? Promise.resolve();
    const next = prev.then(run, run);
    const tail = next.catch(() => undefined);
    this.tails.set(orderId, tail);
    void tail.then(() => this.tails.get(orderId) === tail && this.tails.delete(orderId));
    return next;
  };

  /** Whether work (and so possibly an in-session callback) is running for this order now. */
  isBusy(orderId: string): boolean {
    return this.tails.has(orderId);
  }
}
