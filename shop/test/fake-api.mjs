// A fake of the provider's checkout and order management APIs, for the shop's tests: just enough to
// answer the shop, and a record of every call it made (method, path, headers, body).

import { createServer } from 'node:http';

export const CREDENTIALS = { username: 'merchant', password: 'secret' };
export const AUTH = `Basic ${Buffer.from('merchant:secret').toString('base64')}`;

export async function startFakeApi() {
  const calls = [];
  const orders = new Map(); // checkout orders by id
  const managed = new Map(); // order management orders by id
  const overrides = new Map(); // "METHOD /path" → { status, body }: forced answers
  let gate = null; // a promise GET order management waits for (to prove push answers first)
  let openGate = () => {};
  let count = 0;
  // The html_snippet of new orders; a test may replace make() (say, with a fake checkout API).
  const snippet = {
    make: (id) =>
      `<div id="fake-snippet" data-order-id="${id}">Fake checkout</div><script>window.__ran = "${id}";</script>`,
  };

  const handle = async (req, body) => {
    const key = `${req.method} ${req.url}`;
    if (overrides.has(key)) return overrides.get(key);
    if (req.headers.authorization !== AUTH) return { status: 401, body: { error_code: 'UNAUTHORIZED' } };
    let m;
    if (key === 'POST /checkout/v3/orders') {
      const id = `order-${++count}`;
      const order = {
        ...body,
        order_id: id,
        status: 'checkout_incomplete',
        html_snippet: snippet.make(id),
      };
      orders.set(id, order);
      return { status: 201, body: order };
    }
    if ((m = /^GET \/checkout\/v3\/orders\/([^/]+)$/.exec(key))) {
      const order = orders.get(m[1]);
      return order ? { status: 200, body: order } : notFound();
    }
    if ((m = /^POST \/checkout\/v3\/orders\/([^/]+)$/.exec(key))) {
      const order = orders.get(m[1]);
      if (!order) return notFound();
      if (order.status !== 'checkout_incomplete')
        return { status: 403, body: { error_code: 'READ_ONLY_ORDER' } };
      Object.assign(order, body);
      return { status: 200, body: order };
    }
    if ((m = /^GET \/ordermanagement\/v1\/orders\/([^/]+)$/.exec(key))) {
      if (gate) await gate;
      const order = managed.get(m[1]);
      return order ? { status: 200, body: order } : notFound();
    }
    if ((m = /^POST \/ordermanagement\/v1\/orders\/([^/]+)\/acknowledge$/.exec(key))) {
      return managed.has(m[1]) ? { status: 204 } : notFound();
    }
    if ((m = /^PATCH \/ordermanagement\/v1\/orders\/([^/]+)\/merchant-references$/.exec(key))) {
      if (!managed.has(m[1])) return notFound();
      Object.assign(managed.get(m[1]), body);
      return { status: 204 };
    }
    return notFound();
  };

  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', async () => {
      const body = raw ? JSON.parse(raw) : undefined;
      calls.push({ method: req.method, path: req.url, headers: req.headers, body });
      const answer = await handle(req, body);
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    url: `http://127.0.0.1:${server.address().port}`,
    calls,
    orders,
    managed,
    overrides,
    snippet,
    /** Calls whose "METHOD path" matches the pattern. */
    callsTo: (pattern) => calls.filter((c) => pattern.test(`${c.method} ${c.path}`)),
    /** Completes a checkout order, as the customer paying would, and puts it in order management. */
    complete(id, fraudStatus = 'ACCEPTED') {
      const order = orders.get(id);
      order.status = 'checkout_complete';
      order.html_snippet = `<div id="fake-confirmation" data-order-id="${id}">Paid</div>`;
      managed.set(id, { ...order, status: 'AUTHORIZED', fraud_status: fraudStatus });
    },
    /** Makes GET order management wait until the returned function is called. */
    holdManagedReads() {
      gate = new Promise((resolve) => (openGate = resolve));
      return () => {
        gate = null;
        openGate();
      };
    },
    close: () =>
      new Promise((resolve) => {
        openGate(); // a test that failed while holding reads must not keep the shop waiting
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const notFound = () => ({
  status: 404,
  body: { error_code: 'NOT_FOUND', error_messages: ['no such order'] },
});

/** Waits until `check()` is truthy (polling), or fails after `ms`. */
export async function eventually(check, ms = 3000) {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error(`condition not met within ${ms} ms: ${check}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A browser of the shop: keeps the `sid` cookie, does not follow redirects. */
export function browser(shopUrl) {
  let cookie = '';
  const request = async (method, path, { form, json } = {}) => {
    const headers = cookie ? { cookie } : {};
    let body;
    if (form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(form).toString();
    } else if (json) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(json);
    }
    const res = await fetch(shopUrl + path, { method, headers, body, redirect: 'manual' });
    const set = res.headers.get('set-cookie');
    if (set) cookie = set.split(';')[0];
    const text = await res.text();
    return { status: res.status, headers: res.headers, text, json: () => JSON.parse(text) };
  };
  return {
    get: (path) => request('GET', path),
    postForm: (path, form) => request('POST', path, { form }),
    postJson: (path, json) => request('POST', path, { json }),
    get cookie() {
      return cookie;
    },
  };
}

/** The log the shop is given: collects lines. */
export function collectingLog() {
  const lines = [];
  return { lines, info: (m) => lines.push(m), warn: (m) => lines.push(m) };
}
