import { afterEach, describe, expect, it } from 'vitest';
import { matchesExchange } from '@shared/rules/exchange-filter';
import type { Exchange, ExchangeFilter } from '@shared/schemas/exchange.schema';
import { tempCore } from '../../test-kit/temp-core';
import type { ExchangeEntry } from './exchange-log';

const envs: { dispose(): void | Promise<void> }[] = [];
afterEach(async () => {
  for (const e of envs.splice(0)) await e.dispose();
});

const ORDERS = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'];

/** Exchange n of a mixed log: reads and pushes of two orders, some failing, some breaking a rule. */
const entry = (n: number): ExchangeEntry => {
  const order = ORDERS[n % 2]!;
  const push = n % 3 === 0;
  return {
    id: `ex_${String(n).padStart(13, '0')}`,
    order_id: order,
    direction: push ? 'out' : 'in',
    kind: push ? 'push' : 'checkout.read',
    method: push ? 'POST' : 'GET',
    url: push ? `https://shop.example/push?order=${order}` : `/checkout/v3/orders/${order}`,
    status: n % 5 === 0 ? 500 : 200,
    duration_ms: 1,
    at: new Date(Date.UTC(2026, 0, 1) + n * 1000).toISOString(),
    request: { headers: {}, body: null },
    response: { headers: {}, body: '{}' },
    outcome: push ? (n % 5 === 0 ? 'bad_status' : 'delivered') : null,
    violations: n % 7 === 0 ? [{ rule: 'r', path: 'p', message: 'm' }] : [],
  };
};

async function filledLog(count: number) {
  const env = tempCore();
  envs.push(env);
  const log = env.core.exchanges;
  // In several batches, so pages cross batch rows.
  for (let n = 0; n < count; n++) {
    log.record(entry(n));
    if (n % 37 === 36) await log.flush();
  }
  await log.flush();
  return log;
}

/** Every page of a search, followed to the end. */
async function allPages(
  log: Awaited<ReturnType<typeof filledLog>>,
  q: { orderId?: string; filter?: ExchangeFilter; limit: number },
): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page = await log.search({ ...q, cursor });
    pages++;
    ids.push(...page.exchanges.map((e) => e.id));
    cursor = page.next;
  } while (cursor !== null && pages < 1000);
  return { ids, pages };
}

const newestFirst = (xs: Exchange[]) => xs.map((e) => e.id);

describe('ExchangeLog.search', () => {
  it('pages through the whole log newest first, each exchange once', async () => {
    const log = await filledLog(300);
    const all = await log.list({ limit: 1000 });
    const { ids, pages } = await allPages(log, { limit: 40 });
    expect(ids).toEqual(newestFirst(all));
    expect(pages).toBe(8);
  });

  it('applies the filters, alone and together, across pages', async () => {
    const log = await filledLog(300);
    const all = await log.list({ limit: 1000 });
    const filters: ExchangeFilter[] = [
      { kind: 'push' },
      { direction: 'in', status: '5xx' },
      { outcome: 'DELIVERED' },
      { violations: true },
      { text: 'shop.example' },
      { kind: 'checkout', violations: true, status: '2xx' },
    ];
    for (const filter of filters) {
      const { ids } = await allPages(log, { filter, limit: 17 });
      expect(ids, JSON.stringify(filter)).toEqual(newestFirst(all.filter((e) => matchesExchange(filter, e))));
    }
  });

  it("reads one order's exchanges through its index, filtered too", async () => {
    const log = await filledLog(200);
    const all = await log.list({ limit: 1000 });
    const order = ORDERS[1]!;
    const { ids } = await allPages(log, { orderId: order, filter: { kind: 'push' }, limit: 9 });
    expect(ids).toEqual(newestFirst(all.filter((e) => e.order_id === order && e.kind === 'push')));
    expect(ids.length).toBeGreaterThan(20);
  });

  it('says when the oldest exchange has been read', async () => {
    const log = await filledLog(30);
    const page = await log.search({ limit: 30 });
    expect(page.exchanges).toHaveLength(30);
    expect(page.next).toBeNull();
    const none = await log.search({ filter: { kind: 'nothing.like.this' }, limit: 10 });
    expect(none).toEqual({ exchanges: [], next: null, scanned: 30 });
  });
});
