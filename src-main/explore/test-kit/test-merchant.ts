import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A small merchant server for explore's tests: a correct integration of the checkout (callbacks, push,
 * the confirmation page, order management) with one bug switched on, as real integrations have them.
 * Real sockets, real calls to the simulator's checkout and order management APIs.
 */

export const BUGS = [
  /** A shop order made at every push and every confirmation visit, not once per purchase. */
  'duplicate_order',
  /** After the purchase, the push updates the checkout order (READ_ONLY_ORDER). */
  'update_after_completion',
  /** A push before the confirmation page made the shop order is answered 500. */
  'push_before_confirmation',
  /** A push for an order the simulator does not know (its read answers 404) is answered 500. */
  'push_unknown_order',
  /** The confirmation page answers 500 when the shop order already exists (a reload). */
  'confirmation_reload',
  /** address_update and country_change answer 500 for Denmark. */
  'country_callback',
  /** The merchant acknowledges once and never again, even when the service lost that acknowledgement. */
  'ack_once',
  /** address_update takes 1.5 s for a cart with a discount line (over a 1 s time limit). */
  'slow_callback',
  /**
   * A second shop order at a duplicated push or a reload, but the provider is given only the first one's
   * reference: nothing the simulator records shows it, only the shop's own state (one_merchant_order).
   */
  'duplicate_order_one_reference',
] as const;
export type Bug = (typeof BUGS)[number];

interface ShopOrder {
  number: string;
  acknowledged: boolean;
}

export interface TestMerchant {
  base: string;
  /** Shop orders per checkout order id: what a merchant-state URL would answer. */
  orders: Map<string, ShopOrder[]>;
  stop(): Promise<void>;
}

type Ctx = {
  api: string;
  auth: string;
  bug: Bug | null;
  orders: Map<string, ShopOrder[]>;
  next: { n: number };
};

async function provider(c: Ctx, method: string, path: string, body?: unknown) {
  const res = await fetch(c.api + path, {
    method,
    headers: { authorization: c.auth, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : null) as Record<string, unknown> | null };
}

/** The shop's order for a purchase: made once (unless the bug is duplicate_order), referenced, acknowledged. */
async function takeOrder(c: Ctx, id: string): Promise<void> {
  const list = c.orders.get(id) ?? [];
  const again = c.bug === 'duplicate_order' || c.bug === 'duplicate_order_one_reference';
  if (list.length === 0 || again) {
    const order = { number: `TM-${++c.next.n}`, acknowledged: false };
    list.push(order);
    c.orders.set(id, list);
    if (list.length === 1 || c.bug === 'duplicate_order')
      await provider(c, 'PATCH', `/ordermanagement/v1/orders/${id}/merchant-references`, {
        merchant_reference1: order.number,
      });
  }
  const order = list.at(-1)!;
  if (c.bug === 'ack_once' && order.acknowledged) return;
  await provider(c, 'POST', `/ordermanagement/v1/orders/${id}/acknowledge`);
  order.acknowledged = true;
}

type Answer = [number, unknown];

async function push(c: Ctx, id: string): Promise<Answer> {
  const read = await provider(c, 'GET', `/ordermanagement/v1/orders/${id}`);
  if (read.status === 404) return c.bug === 'push_unknown_order' ? [500, 'no such order'] : [200, {}];
  if (!c.orders.has(id) && c.bug === 'push_before_confirmation') return [500, 'order not found in shop'];
  if (c.bug === 'update_after_completion')
    await provider(c, 'POST', `/checkout/v3/orders/${id}`, { merchant_reference2: 'pushed' });
  await takeOrder(c, id);
  return [200, {}];
}

async function confirmation(c: Ctx, id: string): Promise<Answer> {
  const read = await provider(c, 'GET', `/checkout/v3/orders/${id}`);
  if (read.status !== 200) return [404, 'unknown order'];
  if (c.bug === 'confirmation_reload' && c.orders.has(id)) return [500, 'order already placed'];
  if (read.json?.status === 'checkout_complete') await takeOrder(c, id);
  return [200, '<html><body><main><h1>Thank you</h1></main></body></html>'];
}

async function callback(c: Ctx, name: string, body: Record<string, unknown>): Promise<Answer> {
  const country =
    (body.shipping_address as { country?: string } | undefined)?.country ?? body.purchase_country;
  if (c.bug === 'country_callback' && /^dk$/i.test(String(country)) && name !== 'validation')
    return [500, 'no shipping to DK'];
  const lines = (body.order_lines as { type?: string }[] | undefined) ?? [];
  if (c.bug === 'slow_callback' && name === 'address_update' && lines.some((l) => l.type === 'discount'))
    await new Promise((r) => setTimeout(r, 1500));
  return [200, {}];
}

async function route(c: Ctx, req: IncomingMessage, body: string): Promise<Answer> {
  const url = new URL(req.url ?? '/', 'http://merchant');
  const id = url.searchParams.get('order_id') ?? '';
  const name = /^\/kco\/(\w+)$/.exec(url.pathname)?.[1];
  if (name === 'push') return push(c, id);
  if (name === 'notification') return [200, {}];
  if (name) return callback(c, name, body ? (JSON.parse(body) as Record<string, unknown>) : {});
  if (url.pathname === '/confirmation') return confirmation(c, id);
  // The shop's own state for explore's merchant-state URL: how many shop orders this purchase made.
  if (url.pathname === '/debug/orders')
    return [200, { count: c.orders.get(url.searchParams.get('klarna_order_id') ?? '')?.length ?? 0 }];
  return [404, 'not found'];
}

function send(res: ServerResponse, [status, body]: Answer): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const type = typeof body === 'string' ? 'text/html' : 'application/json';
  res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(text) }).end(text);
}

/** Starts a test merchant on a free loopback port, calling the simulator at `api` with its credentials. */
export async function startTestMerchant(o: {
  api: string;
  credentials: { username: string; password: string };
  bug: Bug | null;
}): Promise<TestMerchant> {
  const auth = `Basic ${Buffer.from(`${o.credentials.username}:${o.credentials.password}`).toString('base64')}`;
  const c: Ctx = { api: o.api.replace(/\/+$/, ''), auth, bug: o.bug, orders: new Map(), next: { n: 1000 } };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (b: Buffer) => chunks.push(b));
    req.on('end', () => {
      route(c, req, Buffer.concat(chunks).toString('utf8')).then(
        (a) => send(res, a),
        (err: Error) => send(res, [500, `merchant error: ${err.message}`]),
      );
    });
  });
  // Longer than the simulator's idle keep-alive, so a reused connection is never closed under a request.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    base: `http://127.0.0.1:${port}`,
    orders: c.orders,
    stop: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}
