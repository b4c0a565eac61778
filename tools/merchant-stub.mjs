// A merchant's server in its own process, answering the checkout's callbacks correctly:
// address_update and country_change with two shipping options, shipping_option_update with the cart and
// its shipping_fee line, validation with 200 {}, push with 200 and then an acknowledgement through order
// management (or, with STUB_PUSH=fail, with 500 and no acknowledgement), anything else with 200 {}.
// Its callback URLs are `<url>/cb/<kind>?order_id={checkout.order.id}`. `GET /stats` answers the counts.
// Env: STUB_API (the simulator's API base URL, for acknowledging), STUB_AUTH (its Authorization header),
// STUB_DELAY_MS (how long every callback answer waits, to keep calls in flight; default 0),
// STUB_RECEIPTS (a file: each push received is appended to it as a line `<order id> <n>`, n counting that
// order's pushes from 1, as soon as its head is read; the answer's body carries `receipt: n`, so the crash
// benchmark can tell which push each recorded answer was).
import { appendFileSync } from 'node:fs';
import { Agent, createServer, request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { cartOf, shippingFeeLine } from '../shop/cart.mjs';

const PUSH_FAILS = process.env.STUB_PUSH === 'fail';
const API = process.env.STUB_API ?? '';
const DELAY_MS = Number(process.env.STUB_DELAY_MS ?? 0);
const AUTH = process.env.STUB_AUTH ?? '';
const RECEIPTS = process.env.STUB_RECEIPTS ?? '';
/** Pushes received per order id. */
const pushes = new Map();
const agent = new Agent({ keepAlive: true, maxSockets: 64 });

export const OPTIONS = [
  { id: 'standard', name: 'Standard', price: 0, tax_amount: 0, tax_rate: 2500, preselected: true },
  { id: 'express', name: 'Express', price: 4900, tax_amount: 980, tax_rate: 2500, shipping_method: 'Home' },
];

const counts = {};
const errors = [];

/**
 * The cart of `order` with exactly one shipping_fee line, for `option` (none for a free one): the line and
 * the sums as the sample shop writes them, the reference integration this stub stands in for.
 */
export function cartWithFee(order, option) {
  const lines = (order.order_lines ?? []).filter((l) => l.type !== 'shipping_fee');
  return cartOf(option && option.price > 0 ? [...lines, shippingFeeLine(option)] : lines);
}

function acknowledge(orderId) {
  if (!API) return;
  const req = request(`${API}/ordermanagement/v1/orders/${encodeURIComponent(orderId)}/acknowledge`, {
    method: 'POST',
    agent,
    headers: { authorization: AUTH, 'content-length': 0 },
  });
  req.on('response', (res) => {
    res.resume();
    if (res.statusCode !== 204) errors.push(`acknowledge ${orderId}: ${res.statusCode}`);
  });
  req.on('error', (err) => errors.push(`acknowledge ${orderId}: ${err.message}`));
  req.end();
}

function parseJson(text) {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Writes down a push as received (a line appended before the answer): its number for that order. */
function receipt(orderId) {
  const n = (pushes.get(orderId) ?? 0) + 1;
  pushes.set(orderId, n);
  if (RECEIPTS) appendFileSync(RECEIPTS, `${orderId} ${n}\n`);
  return n;
}

function answer(kind, body, n) {
  switch (kind) {
    case 'address_update':
    case 'shipping_address_update':
    case 'country_change':
      return { status: 200, body: { shipping_options: OPTIONS } };
    case 'shipping_option_update': {
      const chosen = OPTIONS.find((o) => o.id === body?.selected_shipping_option?.id);
      return { status: 200, body: chosen ? cartWithFee(body, chosen) : {} };
    }
    case 'push': {
      const base = RECEIPTS ? { receipt: n } : {};
      return PUSH_FAILS
        ? { status: 500, body: { error: 'never acknowledged', ...base } }
        : { status: 200, body: base };
    }
    default:
      return { status: 200, body: {} };
  }
}

const server = createServer({ keepAliveTimeout: 60_000 }, (req, res) => {
  const url = new URL(req.url, 'http://stub');
  // A push is written down as it arrives (its head read), not once its (empty) body ends: a sender
  // killed just after writing closes the connection, and node:http then aborts a request whose end it
  // had not yet emitted, though the merchant did receive it.
  const pushed = url.pathname === '/cb/push' ? receipt(url.searchParams.get('order_id') ?? '') : 0;
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    if (url.pathname === '/stats') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ counts, errors: errors.slice(0, 20), error_count: errors.length }));
      return;
    }
    const kind = url.pathname.startsWith('/cb/') ? url.pathname.slice(4) : 'other';
    counts[kind] = (counts[kind] ?? 0) + 1;
    const orderId = url.searchParams.get('order_id') ?? '';
    const a = answer(kind, parseJson(Buffer.concat(chunks).toString('utf8')), pushed);
    const text = JSON.stringify(a.body);
    const send = () => {
      res.writeHead(a.status, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(text),
      });
      res.end(text);
      if (kind === 'push' && !PUSH_FAILS) acknowledge(orderId);
    };
    if (DELAY_MS > 0) setTimeout(send, DELAY_MS);
    else send();
  });
});

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  server.listen(0, '127.0.0.1', () => {
    process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${server.address().port}` })}\n`);
  });
  process.on('SIGTERM', () => {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  });
}
