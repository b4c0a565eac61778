import type { Exchange } from '@shared/schemas/exchange.schema';
import type { PushTimeline } from '@shared/schemas/push.schema';
import type { Evidence } from './expectations';
import type { SimApi } from './sim-api';

/**
 * Waits until the order's log has not changed for the quiet period (the merchant has done reacting): the
 * same newest exchange at both ends of the period means nothing was added within it. One read per period
 * (not one every 50 ms), and of the newest exchange only, not the order's whole log: explore waits here
 * after every step of every journey. The runner makes no call about the order while it waits, so what is
 * added meanwhile is the merchant's doing or the simulator's calls to it.
 */
export async function settleOrder(
  sim: SimApi,
  orderId: string,
  o: { quietMs: number; maxMs: number },
): Promise<void> {
  const until = Date.now() + o.maxMs;
  let newest = await newestExchange(sim, orderId);
  while (Date.now() < until) {
    await new Promise((r) => setTimeout(r, Math.min(o.quietMs, Math.max(0, until - Date.now()))));
    const now = await newestExchange(sim, orderId);
    if (now === newest) return;
    newest = now;
  }
}

/** The id of the order's newest exchange (null while it has none), through the log's search. */
async function newestExchange(sim: SimApi, orderId: string): Promise<string | null> {
  const page = await sim.ok<{ exchanges: { id: string }[] }>('POST', '/test_helpers/exchanges/search', {
    orderId,
    limit: 1,
  });
  return page.exchanges[0]?.id ?? null;
}

/**
 * The order's exchanges but the runner's own calls to the automation API (its steps, reads and polls): the
 * callbacks, the pushes, and every call the merchant made.
 */
export async function exchangesOf(sim: SimApi, orderId: string): Promise<Exchange[]> {
  const path = `/test_helpers/exchanges?order_id=${encodeURIComponent(orderId)}`;
  const all = (await sim.ok<{ exchanges: Exchange[] }>('GET', path)).exchanges;
  return all.filter((x) => !x.kind.startsWith('test_helpers.'));
}

/** What the expectations are judged on: the order's log, push timeline, order management read and view. */
export async function gather(sim: SimApi, orderId: string): Promise<Omit<Evidence, 'steps'>> {
  const id = encodeURIComponent(orderId);
  const [exchanges, push, om, view] = await Promise.all([
    exchangesOf(sim, orderId),
    sim.call('GET', `/test_helpers/orders/${id}/push`),
    sim.call('GET', `/test_helpers/orders/${id}`),
    sim.call('GET', `/test_helpers/checkout/orders/${id}`),
  ]);
  const okBody = <T>(r: { status: number; body: unknown }) => (r.status === 200 ? (r.body as T) : null);
  return {
    exchanges,
    push: okBody<PushTimeline>(push),
    om: okBody<{ order: Record<string, unknown> }>(om)?.order ?? null,
    view: okBody<Record<string, unknown>>(view),
  };
}
