// The shop's HTTP app: pages for the customer, callbacks for the checkout service, a back office.
// Plain node:http, no framework, so every step of the integration is visible here or one file away.

import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { createCallbacks } from './callbacks.mjs';
import { buildCart, selectedOption } from './cart.mjs';
import { MARKETS } from './catalogue.mjs';
import { createCheckoutFlow } from './checkout-flow.mjs';
import {
  createReply,
  parseJson,
  readBody,
  readTarget,
  send,
  sendHtml as page,
  sendJson,
  sendReply,
} from './http.mjs';
import { createApiClient } from './klarna-api.mjs';
import { crossSiteRefusal, hostCheck } from './guards.mjs';
import { createOrderBook } from './orders.mjs';
import { routeTable } from './routes.mjs';
import { createRoutes } from './shop-routes.mjs';
import * as pages from './pages.mjs';
import { cartItems, createSessionStore } from './sessions.mjs';
import { createStock } from './stock.mjs';
import { createSwitches, switchesOn } from './switches.mjs';

const STATIC = {
  '/static/shop.css': ['shop.css', 'text/css; charset=utf-8'],
  '/static/checkout.js': ['checkout.js', 'text/javascript; charset=utf-8'],
};

/**
 * Starts the shop; resolves once listening. `listen(server)`, when given, starts the server listening and
 * resolves its port (the simulator hands it a port it bound earlier); else it listens on `host:port`.
 */
export async function startShop({
  apiUrl,
  credentials: { username, password },
  host = '127.0.0.1',
  allowedHosts = [],
  port = 0,
  listen = (server) => listenOn(server, port, host),
  // The simulator's --tls: `listen` serves the shop over https, so its own URL (merchant_urls) is https,
  // and `fetch` is one that trusts the simulator's local CA (a standalone shop: NODE_EXTRA_CA_CERTS).
  secure = false,
  fetch = globalThis.fetch,
  log = console,
}) {
  // Any console-like log works; the shop writes one line per callback and per API call.
  const logger = {
    info: (m) => (log.info ?? log.log).call(log, m),
    warn: (m) => (log.warn ?? log.info ?? log.log).call(log, m),
  };
  const api = createApiClient({ apiUrl, username, password, log: logger, fetch });
  const switches = createSwitches();
  const stock = createStock(switches);
  const sessions = createSessionStore();
  const orderBook = createOrderBook({ api, stock, switches, log: logger });
  const callbacks = createCallbacks({ switches, sessions, orderBook, api, stock, log: logger });
  const files = {};
  for (const [path, [name]] of Object.entries(STATIC)) {
    files[path] = await readFile(new URL(`./public/${name}`, import.meta.url));
  }
  const background = new Set(); // work started after an answer was sent (push, notification)
  const foreignHost = hostCheck(host, allowedHosts); // guards.mjs: why the shop checks Host and cross-site posts
  let flow; // needs the shop's own URL, known once listening

  // ---- helpers ---------------------------------------------------------------------------------
  const ctxOf = (session) => ({
    cartCount: [...session.cart.values()].reduce((a, b) => a + b, 0),
    switchesOn: switchesOn(switches),
  });
  const cartFor = (session) => {
    const market = MARKETS[session.market];
    return {
      market,
      cart: buildCart(cartItems(session), market, selectedOption(market, session.shippingOptionId)),
    };
  };
  // `after` is work a callback starts once its answer is on its way: the checkout never waits for it.
  const json = (res, status, body, after) => sendJson(res, status, body, after && (() => track(after())));
  const track = (promise) => {
    const p = promise.catch((err) => logger.warn(`[shop] background work failed: ${err.stack ?? err}`));
    background.add(p);
    void p.finally(() => background.delete(p));
  };

  // ---- customer pages --------------------------------------------------------------------------
  // The customer's pages and the back office: one line each in shop-routes.mjs.
  const routes = createRoutes({
    stock,
    api,
    orderBook,
    sessions,
    switches,
    logger,
    ctxOf,
    cartFor,
    json,
    flow: () => flow,
  });
  const routeOf = routeTable(routes);

  // ---- callbacks from the checkout service -----------------------------------------------------
  async function callback(name, req, res, body, url) {
    const started = Date.now();
    const orderId = url.searchParams.get('order_id');
    const input = parseJson(body); // push comes with an empty body: {}
    if (input === undefined) return json(res, 400, { error: 'The body is not JSON.' });
    // Every callback's body is an object (the order, or the push's nothing): `null` or a list is not one.
    if (typeof input !== 'object' || input === null || Array.isArray(input))
      return json(res, 400, { error: 'The body is not a JSON object.' });
    if (!orderId) return json(res, 400, { error: 'order_id is missing from the query string.' });
    const answer = await callbacks[name](orderId, input);
    json(res, answer.status, answer.body, answer.after);
    logger.info(`[shop] ${name} ${orderId} → ${answer.status} (${Date.now() - started} ms)`);
  }

  // A refusal as a page of its own: no session is started for a request the shop does not serve.
  const refuse = (res, title, message, testid) =>
    page(
      res,
      pages.messagePage({ cartCount: 0, switchesOn: switchesOn(switches) }, { title, message, testid }),
      403,
    );

  // `req` is the request already read ({method, url, headers, body}: body null when too large); `res`
  // the reply it writes (http.mjs createReply), sent by the server below or read by a test.
  async function answer(req, res) {
    const wrongHost = foreignHost(req.headers.host);
    if (wrongHost) return refuse(res, 'Wrong address', wrongHost, 'host-refused');
    const target = readTarget(req.url);
    if (target.error) {
      // A callback is answered in JSON like the others, a page as a page.
      if (req.url.startsWith('/kco/')) return json(res, 400, { error: target.error });
      const ctx = { cartCount: 0, switchesOn: switchesOn(switches) };
      return page(res, pages.messagePage(ctx, { title: 'Bad request', message: target.error }), 400);
    }
    const { url } = target;
    const file = files[url.pathname];
    if (req.method === 'GET' && file) return send(res, 200, STATIC[url.pathname][1], file);
    // Browsers ask every site for an icon; the shop has none, and says so without an error.
    if (req.method === 'GET' && url.pathname === '/favicon.ico') return send(res, 204, 'image/x-icon', '');
    const kco = /^\/kco\/([a-z_]+)$/.exec(url.pathname);
    const isCallback = req.method === 'POST' && kco && Object.hasOwn(callbacks, kco[1]);
    const crossSite = req.method === 'POST' && !isCallback ? crossSiteRefusal(req) : null;
    if (crossSite) {
      logger.warn(`[shop] refused ${req.method} ${url.pathname}: ${crossSite}`);
      const why = `The shop did not act on this form: ${crossSite}, not from the shop's own pages.`;
      return refuse(
        res,
        'Refused',
        `${why} Open the shop and use its own page instead.`,
        'cross-site-refused',
      );
    }
    const { body } = req;
    if (body === null) return json(res, 413, { error: 'Body too large.' });
    if (isCallback) return callback(kco[1], req, res, body, url);
    const found = routeOf(req.method, url.pathname);
    const session = sessions.sessionFor(req, res); // the cookie is set on the first page
    if (!found)
      return page(
        res,
        pages.messagePage(ctxOf(session), { title: 'Not found', message: 'There is no such page.' }),
        404,
      );
    await found.handler(req, res, session, body, url);
  }

  /** Answers a request already read, without a socket: the reply's status, headers and body. */
  async function handle(req) {
    const reply = createReply();
    try {
      await answer(req, reply);
    } catch (err) {
      // Whatever went wrong, the visitor gets an answer and the process keeps running.
      logger.warn(`[shop] ${req.method} ${req.url} failed: ${err.stack ?? err}`);
      const failed = createReply();
      send(failed, 500, 'text/plain; charset=utf-8', 'Something went wrong in the shop.');
      return failed;
    }
    return reply;
  }

  const server = createServer(async function answerRequest(req, res) {
    try {
      const body = req.method === 'POST' ? await readBody(req) : '';
      sendReply(res, await handle({ method: req.method, url: req.url, headers: req.headers, body }));
    } catch (err) {
      logger.warn(`[shop] ${req.method} ${req.url} failed: ${err.stack ?? err}`);
      res.destroy();
    }
  });
  const bound = await listen(server);
  const url = `${secure ? 'https' : 'http'}://${host.includes(':') ? `[${host}]` : host}:${bound}`;
  flow = createCheckoutFlow({ api, sessions, shopUrl: url, log: logger });
  logger.info(`[shop] listening on ${url}, checkout API ${apiUrl}`);

  return {
    url,
    handle,
    async close() {
      const closed = new Promise((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
      await Promise.all([...background]);
      await orderBook.idle();
    },
  };
}

/** Listens on `host:port` (0: a free port); resolves the bound port. */
async function listenOn(server, port, host) {
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server.address().port;
}
