// The callbacks: what the checkout service asks the shop's server, and what the shop answers.
//
// In-session callbacks (address_update, country_change, shipping_option_update, validation) are made
// while the customer waits in the checkout: answer within 10 seconds, from what the request carries and
// the shop's own data. Never read or write the checkout order from inside them (the spec forbids it:
// the order is busy waiting for this very answer).
// After-purchase callbacks (push, notification) carry (almost) nothing: answer 200 at once, then fetch
// the order from order management and act on it.
//
// Each handler returns { status, body } and optionally `after`, work that server.mjs runs once the
// answer has been sent.

import { findMarket, findProduct, UNDELIVERABLE_POSTAL_CODE } from './catalogue.mjs';
import {
  buildCart,
  countryOf,
  itemsFromLines,
  repriceForMarket,
  selectedOption,
  shippingOptionsFor,
} from './cart.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms).unref());

export function createCallbacks({ switches, sessions, orderBook, api, stock, log }) {
  /** The "Slow callbacks" switch: hold the answer back (past 10 s the checkout discards it). */
  async function maybeSlow() {
    if (switches.slow) await sleep(switches.slowSeconds * 1000);
  }

  /** Keeps the visitor's page in step: product prices in the new market, the chosen option. */
  function tellVisitor(orderId, market, optionId) {
    const session = sessions.forOrder(orderId);
    if (!session) return;
    session.market = market.country;
    session.shippingOptionId = optionId;
  }

  /**
   * address_update and country_change: the customer entered an address or picked another country.
   * The shop reprices the cart for the market of that country and answers the market's shipping options.
   */
  async function marketUpdate(kind, orderId, body) {
    await maybeSlow();
    if (kind === 'address_update' && switches.failAddress) {
      return { status: 500, body: { error: 'Simulated failure ("Fail address_update" switch)' } };
    }
    // Goods go to the shipping address (rule 1: a single address serves as both).
    const address = body.shipping_address ?? body.billing_address ?? {};
    const postalCode = String(address.postal_code ?? '').replace(/\s+/g, '');
    if (postalCode === UNDELIVERABLE_POSTAL_CODE) {
      // A deliberate 400 keeps the customer in the checkout with this text; error_text is required.
      return {
        status: 400,
        body: {
          error_type: 'address_error',
          error_text: `We cannot deliver to postal code ${UNDELIVERABLE_POSTAL_CODE}. Please check the address.`,
        },
      };
    }
    const country = countryOf(body);
    const market = findMarket(country);
    if (!market) {
      return {
        status: 400,
        body: { error_type: 'unsupported_shipping_address', error_text: `We do not deliver to ${country}.` },
      };
    }
    // Keep the customer's shipping choice when the market offers it; the list we answer preselects it,
    // and the fee line in the cart is for that same option, so options and cart agree.
    const selectedId = body.selected_shipping_option?.id;
    const cart = repriceForMarket(body.order_lines, market, selectedId);
    if (!cart) {
      log.warn(`[shop] ${kind} for ${orderId}: no product the shop knows in the cart; nothing changed`);
      return { status: 200, body: {} }; // {} = "no change"; an empty body would be an error
    }
    const answer = {};
    if (market.currency !== body.purchase_currency || market.locale !== body.locale) {
      // A new market: its currency and language. Prices below are that market's own price list.
      answer.purchase_currency = market.currency;
      answer.locale = market.locale;
    }
    // All three cart fields or none: the checkout ignores a cart missing any of them (rule 3).
    Object.assign(answer, cart, { shipping_options: shippingOptionsFor(market, selectedId) });
    tellVisitor(orderId, market, selectedOption(market, selectedId).id);
    return { status: 200, body: answer };
  }

  /** shipping_option_update: the customer picked an option; answer the cart with its shipping_fee line. */
  async function shippingOptionUpdate(orderId, body) {
    await maybeSlow();
    const market = findMarket(countryOf(body));
    const chosen = body.selected_shipping_option;
    if (!market || !chosen) return { status: 200, body: {} };
    // Price the fee from the shop's own list when the option is the shop's; an option the shop does not
    // know (say, from a shipping integrator) is charged as the checkout describes it.
    const option = market.shipping.some((o) => o.id === chosen.id)
      ? selectedOption(market, chosen.id)
      : chosen;
    // Exactly one shipping_fee line: the old one is dropped by itemsFromLines, the new one added here.
    const cart = buildCart(itemsFromLines(body.order_lines), market, option);
    if (!cart) return { status: 200, body: {} };
    if (switches.wrongArithmetic) {
      cart.order_amount += 1; // the checkout refuses a cart that does not add up, and keeps the old one
      return { status: 200, body: cart };
    }
    tellVisitor(orderId, market, option.id);
    return { status: 200, body: cart };
  }

  /**
   * validation: the customer pressed pay. Last chance to refuse: check that every product is still in
   * stock. (Stock is only taken when the purchase is recorded, see orders.mjs.)
   */
  async function validation(orderId, body) {
    const wanted = new Map();
    for (const { productId, quantity } of itemsFromLines(body.order_lines)) {
      wanted.set(productId, (wanted.get(productId) ?? 0) + quantity);
    }
    for (const [productId, quantity] of wanted) {
      const available = stock.available(productId);
      if (switches.soldOut || available < quantity) {
        const name = findProduct(productId).name;
        const left = switches.soldOut ? 0 : available;
        return {
          status: 400,
          body: {
            error_type: 'approval_failed',
            error_text:
              `Sorry, ${name} sold out while you were paying. ` +
              (left > 0
                ? `Only ${left} left: please lower the quantity.`
                : 'Please remove it from your cart.'),
          },
        };
      }
    }
    return { status: 200, body: {} };
  }

  /** push: 200 at once; then fetch the order from order management, record it, acknowledge it. */
  function push(orderId) {
    const readOrder = async () => {
      const r = await api.getManagedOrder(orderId);
      return r.ok ? r.body : null;
    };
    const after = async () => {
      const rec = await orderBook.settle(orderId, 'push', readOrder);
      // The customer may never reach the confirmation page: empty their cart here too, so the next
      // visit to /checkout does not offer the same goods again.
      if (rec) sessions.finishOrder(orderId);
    };
    return { status: 200, body: {}, after };
  }

  /** notification: a pending order's fraud review resolved. 200, then read the new fraud_status. */
  function notification(orderId, body) {
    const after = async () => {
      const r = await api.getManagedOrder(orderId);
      if (!r.ok) return;
      // Goods are released only once fraud_status is ACCEPTED; REJECTED orders are cancelled by the service.
      const rec = orderBook.setFraudStatus(orderId, r.body.fraud_status);
      log.info(
        `[shop] ${body.event_type ?? 'notification'} for ${orderId}: fraud_status ${r.body.fraud_status}` +
          (rec ? ` (${rec.number})` : ' (not recorded yet: the push will record it)'),
      );
    };
    return { status: 200, body: {}, after };
  }

  return {
    address_update: (orderId, body) => marketUpdate('address_update', orderId, body),
    country_change: (orderId, body) => marketUpdate('country_change', orderId, body),
    shipping_option_update: shippingOptionUpdate,
    validation,
    push,
    notification,
  };
}
