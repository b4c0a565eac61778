// The shop's pages for the customer and its back office, one route each: method, path, what it is,
// and a named handler `(req, res, session, body, url)`. server.mjs dispatches to them (routes.mjs).

import { ordersPage, switchesPage } from './admin-pages.mjs';
import { nextQuantity } from './cart.mjs';
import { MARKETS, PRODUCTS, findProduct } from './catalogue.mjs';
import { describeFailure, marketOfOrder } from './checkout-flow.mjs';
import { parseJson, redirect, sendHtml as page } from './http.mjs';
import * as pages from './pages.mjs';
import { route } from './routes.mjs';
import { applySwitchForm, switchesOn } from './switches.mjs';

/**
 * The routes over the shop's state. `json(res, status, body, after)` answers JSON (`after`: work started
 * once it is sent); `flow()` is the checkout flow, known once the shop listens.
 */
export function createRoutes({
  stock,
  api,
  orderBook,
  sessions,
  switches,
  logger,
  ctxOf,
  cartFor,
  json,
  flow,
}) {
  // One line per route: method, path, what it is, and its handler (a named function, for stack traces).
  return [
    route(
      'GET',
      '/',
      'The products, priced in the visitor’s market',
      function productsPage(req, res, session) {
        const market = MARKETS[session.market];
        const items = PRODUCTS.map((product) => ({
          product,
          price: market.prices[product.id],
          stock: stock.available(product.id),
        }));
        page(res, pages.productsPage(ctxOf(session), { market, items }));
      },
    ),
    route('GET', '/cart', 'The cart', function cartPage(req, res, session) {
      page(res, pages.cartPage(ctxOf(session), cartFor(session)));
    }),
    // +/−, remove and "Add to cart". A form post answers with a redirect; the checkout page's fetch
    // (JSON) answers with the new summary once the checkout order has been updated server-side.
    route(
      'POST',
      '/cart/lines',
      'Change a cart line (a form, or the checkout page’s fetch)',
      async function changeCartLine(req, res, session, body) {
        const isJson = /json/.test(req.headers['content-type'] ?? '');
        const input = (isJson ? parseJson(body) : Object.fromEntries(new URLSearchParams(body))) ?? {};
        const product = findProduct(input.product);
        if (product) {
          const quantity = nextQuantity(
            session.cart.get(product.id) ?? 0,
            input.action,
            stock.available(product.id),
          );
          if (quantity > 0) session.cart.set(product.id, quantity);
          else session.cart.delete(product.id);
        }
        if (!isJson) return redirect(res, input.return === '/checkout' ? '/checkout' : '/cart');
        const result = await flow().openCheckout(session);
        if (result.empty) return json(res, 200, { empty: true });
        if (result.error) return json(res, 502, { ok: false, message: result.error });
        // A brand-new order has a new snippet: the page must load again to show it.
        if (result.created) return json(res, 200, { reload: true });
        const market = marketOfOrder(result.order);
        const summary = pages.checkoutSummary({ market, cart: result.order });
        const { currency, locale } = market;
        json(res, 200, {
          ok: true,
          html: String(summary),
          currency,
          locale,
          count: ctxOf(session).cartCount,
        });
      },
    ),
    // The summary as the shop sees it now (the callbacks keep the visitor's market and option current).
    route(
      'GET',
      '/cart/summary',
      'The order summary beside the checkout, as JSON',
      function cartSummary(req, res, session) {
        const { market, cart } = cartFor(session);
        json(
          res,
          200,
          cart
            ? {
                html: String(pages.checkoutSummary({ market, cart })),
                currency: market.currency,
                locale: market.locale,
              }
            : { empty: true },
        );
      },
    ),
    route(
      'GET',
      '/checkout',
      'The checkout page: the snippet of the visitor’s checkout order',
      async function checkoutPage(req, res, session) {
        const result = await flow().openCheckout(session);
        const ctx = ctxOf(session);
        if (result.empty)
          return page(res, pages.messagePage(ctx, { title: 'Checkout', message: 'Your cart is empty.' }));
        if (result.error) {
          const message = `We could not open the checkout. ${result.error}`;
          return page(
            res,
            pages.messagePage(ctx, { title: 'Checkout', message, testid: 'error-message' }),
            502,
          );
        }
        const { order } = result;
        page(res, pages.checkoutPage(ctx, { order, market: marketOfOrder(order), cart: order }));
      },
    ),
    // merchant_urls.confirmation: the customer's browser arrives here after paying.
    route(
      'GET',
      '/confirmation',
      'merchant_urls.confirmation: the order, recorded and acknowledged',
      async function confirmationPage(req, res, session, _body, url) {
        const orderId = url.searchParams.get('order_id');
        const fail = (message, status) =>
          page(
            res,
            pages.messagePage(ctxOf(session), { title: 'Your order', message, testid: 'error-message' }),
            status,
          );
        if (!orderId) return fail('This link has no order id.', 400);
        const read = await api.getOrder(orderId);
        if (!read.ok)
          return fail(
            `We could not load your order. ${describeFailure(read)}`,
            read.status === 404 ? 404 : 502,
          );
        if (read.body.status !== 'checkout_complete') return redirect(res, '/checkout');
        // Record and acknowledge it unless the push did already (either may come first: rule 4).
        // Order management knows the fraud_status, which the checkout read does not carry.
        const rec = await orderBook.settle(orderId, 'confirmation', async () => {
          const managed = await api.getManagedOrder(orderId);
          return { ...read.body, fraud_status: managed.ok ? managed.body.fraud_status : undefined };
        });
        sessions.finishOrder(orderId);
        page(res, pages.confirmationPage(ctxOf(session), { rec, order: read.body }));
      },
    ),
    route('GET', '/terms', 'merchant_urls.terms', function termsPage(req, res, session) {
      page(res, pages.termsPage(ctxOf(session)));
    }),
    // ---- back office ---------------------------------------------------------------------------
    route(
      'GET',
      '/orders',
      'The back office: every order the shop knows',
      function ordersList(req, res, session) {
        page(res, ordersPage(ctxOf(session), { orders: orderBook.list() }));
      },
    ),
    // "Ship": the warehouse sends the parcel, and only now is the customer charged. Capture what is still
    // authorized (goods are captured when shipped, never at the purchase), then back to the order list.
    route(
      'POST',
      '/orders/ship',
      'Ship an order: capture what is still authorized',
      async function shipOrder(req, res, session, body) {
        const orderId = new URLSearchParams(body).get('order_id') ?? '';
        const managed = await api.getManagedOrder(orderId);
        const amount = managed.ok ? managed.body.remaining_authorized_amount : 0;
        if (amount > 0) {
          const captured = await api.capture(orderId, { captured_amount: amount, description: 'Shipped' });
          if (captured.ok) orderBook.markShipped(orderId);
        }
        redirect(res, '/orders');
      },
    ),
    route(
      'GET',
      '/switches',
      'The shop’s misbehaviour switches',
      function switchesForm(req, res, session, _body, url) {
        page(res, switchesPage(ctxOf(session), { switches, saved: url.searchParams.has('saved') }));
      },
    ),
    route('POST', '/switches', 'Save the switches', function saveSwitches(req, res, session, body) {
      const limited = switches.limitedStock;
      applySwitchForm(switches, new URLSearchParams(body));
      if (switches.limitedStock && !limited) stock.restock();
      logger.info(`[shop] switches: ${switchesOn(switches).join(', ') || 'all off'}`);
      redirect(res, '/switches?saved=1');
    }),
  ];
}
