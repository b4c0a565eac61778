// Getting the visitor a checkout order: create one, or reuse (and update) the one they already have.
//
// The provider's best practice, step by step (openCheckout below):
//   1. Keep the checkout order id in the visitor's session.
//   2. On the next visit, read that order. If it is gone (404 after 48 hours), answers any other error,
//      or is already complete, start a new one: never show a customer a dead checkout.
//   3. If the shop's cart changed since, update the order (all three cart fields together).
//   4. Otherwise create an order: 201 with its order_id and the html_snippet to put on the page.

import { HOME_MARKET, MARKETS, SHIPPING_COUNTRIES, findMarket } from './catalogue.mjs';
import { buildCart, countryOf, sameCart, selectedOption, shippingOptionsFor } from './cart.mjs';
import { cartItems } from './sessions.mjs';

/**
 * Where the checkout sends the customer and calls the shop. `{checkout.order.id}` is replaced by the
 * checkout with the order's id; putting it in the query string is how push (which has no body) and the
 * confirmation page learn which order they are about.
 * Production requires https callback URLs; the simulator accepts http and flags it.
 */
export function merchantUrls(shopUrl) {
  const q = '?order_id={checkout.order.id}';
  return {
    terms: `${shopUrl}/terms`,
    checkout: `${shopUrl}/checkout`,
    confirmation: `${shopUrl}/confirmation${q}`,
    push: `${shopUrl}/kco/push${q}`,
    address_update: `${shopUrl}/kco/address_update${q}`,
    country_change: `${shopUrl}/kco/country_change${q}`,
    shipping_option_update: `${shopUrl}/kco/shipping_option_update${q}`,
    validation: `${shopUrl}/kco/validation${q}`,
    notification: `${shopUrl}/kco/notification${q}`,
  };
}

/** The market an existing order is in: where it ships to, else the country it was created for. */
export function marketOfOrder(order) {
  return findMarket(countryOf(order)) ?? findMarket(order.purchase_country) ?? MARKETS[HOME_MARKET];
}

/** Turns a failed API answer into one sentence a page can show. */
export function describeFailure(r) {
  if (r.status === 0) return 'The checkout service did not answer. Please try again in a moment.';
  const details = Array.isArray(r.body?.error_messages) ? `: ${r.body.error_messages.join('; ')}` : '';
  return `The checkout service answered ${r.status}${details}.`;
}

export function createCheckoutFlow({ api, sessions, shopUrl, log }) {
  /** The body of a new checkout order for the visitor's cart, in the shop's home market. */
  function newOrderBody(session) {
    const market = MARKETS[HOME_MARKET];
    const options = shippingOptionsFor(market, null);
    const cart = buildCart(
      cartItems(session),
      market,
      options.find((o) => o.preselected),
    );
    if (!cart) return null;
    return {
      purchase_country: market.country,
      purchase_currency: market.currency,
      locale: market.locale,
      ...cart,
      // Every market the shop has a price list for; country_change reprices when the customer switches.
      shipping_countries: SHIPPING_COUNTRIES,
      shipping_options: options,
      // A non-secret visitor reference, so support can find the session behind an order.
      merchant_reference2: session.ref,
      merchant_urls: merchantUrls(shopUrl),
    };
  }

  /** Reuses the session's order when it can still be used; null when a new one is needed. */
  async function reuse(session) {
    const id = session.checkoutOrderId;
    if (!id) return null;
    const read = await api.getOrder(id);
    if (!read.ok || read.body?.status !== 'checkout_incomplete') {
      log.info(`[shop] checkout order ${id} cannot be reused (${read.status} ${read.body?.status ?? ''})`);
      return null;
    }
    const order = read.body;
    // Price the shop's cart in the order's market, with the option the customer has selected there.
    const market = marketOfOrder(order);
    const option = selectedOption(market, order.selected_shipping_option?.id);
    session.market = market.country;
    session.shippingOptionId = option.id;
    const cart = buildCart(cartItems(session), market, option);
    if (!cart || sameCart(cart, order)) return { order, created: false };
    const updated = await api.updateOrder(id, cart);
    // A 4xx/5xx mid-session means: create a new order (the spec's error table).
    return updated.ok ? { order: updated.body, created: false } : null;
  }

  /**
   * The visitor's checkout order, up to date with their cart:
   * { order, created } on success, { empty: true } for an empty cart, { error } when it failed.
   * One visitor's calls run one after another, so two tabs cannot create two orders at once.
   */
  function openCheckout(session) {
    const run = async () => {
      if (session.cart.size === 0) return { empty: true };
      const reused = await reuse(session);
      if (reused) return reused;
      const body = newOrderBody(session);
      if (!body) return { empty: true };
      const created = await api.createOrder(body);
      if (created.status !== 201 || !created.body?.order_id) return { error: describeFailure(created) };
      sessions.linkOrder(session, created.body.order_id);
      session.market = HOME_MARKET;
      session.shippingOptionId = body.shipping_options.find((o) => o.preselected).id;
      return { order: created.body, created: true };
    };
    const next = (session.lock ?? Promise.resolve()).then(run, run);
    session.lock = next.catch(() => undefined);
    return next;
  }

  return { openCheckout };
}
