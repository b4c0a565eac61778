import { performance } from 'node:perf_hooks';

/** The most an advance waits for one instant's reactions: a merchant that never stops cannot hold the clock. */
export const ADVANCE_QUIET_MAX_MS = 10_000;

interface Activity {
  inflight: number;
  /** performance.now() of the last request begun or ended, or of the call answered. */
  last: number;
}

/**
 * What the merchant is doing about each order, as the provider API sees it: its requests in flight and
 * when it last did something (a request begun or ended, or the simulator's call about the order answered).
 * An advance fires one instant, then waits here until the merchants it called have gone quiet, so their
 * reactions (the order read, the reference update, the acknowledgement after a push) are recorded at that
 * instant's time, before the next attempt is due (fire-loop.ts). Time is the computer's: the simulator
 * clock stands still while it waits.
 */
export class MerchantReactions {
  private readonly byOrder = new Map<string, Activity>();
  private wakers: (() => void)[] = [];
  private ended = 0;

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** A merchant request about `orderId` begins; the returned function ends it (call it once). */
  begin(orderId: string): () => void {
    const a = this.byOrder.get(orderId) ?? { inflight: 0, last: 0 };
    a.inflight++;
    a.last = this.now();
    this.byOrder.set(orderId, a);
    this.wake();
    let open = true;
    return () => {
      if (!open) return;
      open = false;
      a.inflight--;
      a.last = this.now();
      if (++this.ended % 4096 === 0) this.prune();
      this.wake();
    };
  }

  /** The simulator's call to the merchant about `orderId` was answered (or gave up): quiet counts from here. */
  answered(orderId: string): void {
    const a = this.byOrder.get(orderId) ?? { inflight: 0, last: 0 };
    a.last = this.now();
    this.byOrder.set(orderId, a);
  }

  /**
   * Resolves once no merchant request about any of `orders` is in flight and none began or ended within
   * `quietMs`; at the latest after `maxMs`. An order nobody touched since its call was answered is quiet
   * `quietMs` after that answer, so the wait ends as soon as every called merchant has gone quiet.
   */
  async quiet(orders: ReadonlySet<string>, quietMs: number, maxMs = ADVANCE_QUIET_MAX_MS): Promise<void> {
    const deadline = this.now() + maxMs;
    for (;;) {
      const { inflight, last } = this.state(orders);
      const t = this.now();
      if (t >= deadline || (inflight === 0 && t >= last + quietMs)) return;
      const until = inflight > 0 ? deadline : Math.min(deadline, last + quietMs);
      await this.changeOr(Math.max(1, Math.ceil(until - t)));
    }
  }

  private state(orders: ReadonlySet<string>): { inflight: number; last: number } {
    let inflight = 0;
    let last = 0;
    // The smaller side is walked: an advance may have called 10,000 orders the merchant never touched.
    const tally = (a: Activity) => {
      inflight += a.inflight;
      if (a.last > last) last = a.last;
    };
    if (orders.size <= this.byOrder.size) {
      for (const id of orders) {
        const a = this.byOrder.get(id);
        if (a) tally(a);
      }
    } else for (const [id, a] of this.byOrder) if (orders.has(id)) tally(a);
    return { inflight, last };
  }

  private changeOr(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const t = setTimeout(done, ms);
      function done() {
        clearTimeout(t);
        resolve();
      }
      this.wakers.push(done);
    });
  }

  private wake(): void {
    if (this.wakers.length === 0) return;
    const w = this.wakers;
    this.wakers = [];
    for (const f of w) f();
  }

  /** Forgets orders idle for a minute: the map holds what an advance may still be waiting on. */
  private prune(): void {
    const old = this.now() - 60_000;
    for (const [id, a] of this.byOrder) if (a.inflight === 0 && a.last < old) this.byOrder.delete(id);
  }
}
