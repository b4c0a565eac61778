// The shop's pages: small template functions, every value escaped by `html` (see html.mjs).
// The one thing inserted as is, on purpose, is the checkout's html_snippet.
// `data-testid` marks what tests click and read.

import { formatMoney } from './catalogue.mjs';
import { html, raw } from './html.mjs';

/** The frame of every page: header, the misbehaviour banner, the page itself, the footer. */
export function layout(ctx, { title, main, script }) {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title} · Lilla Butiken</title>
        <link rel="stylesheet" href="/static/shop.css" />
        ${script ? html`<script src="${script}" defer></script>` : ''}
      </head>
      <body>
        <header class="top">
          <a class="brand" href="/">Lilla Butiken <small>sample shop</small></a>
          <nav>
            <a href="/">Shop</a>
            <a href="/cart" data-testid="nav-cart"
              >Cart (<span data-testid="cart-count">${ctx.cartCount}</span>)</a
            >
            <a href="/orders">Orders</a>
          </nav>
        </header>
        ${
          ctx.switchesOn.length
            ? html`<p class="banner" role="status" data-testid="switches-banner">
                Misbehaving on purpose: ${ctx.switchesOn.join(', ')}. <a href="/switches">Change</a>
              </p>`
            : ''
        }
        <main>${main}</main>
        <footer>
          A sample merchant integration for Checkout Simulator ·
          <a href="/terms">Terms</a> · <a href="/switches" data-testid="misbehave-link">Misbehave</a>
        </footer>
      </body>
    </html>`;
}

/** GET /: the products, priced in the visitor's market. */
export function productsPage(ctx, { market, items }) {
  const cards = items.map(
    ({ product, price, stock }) =>
      html`<article class="card" data-testid="product-${product.id}">
        <h2>${product.name}</h2>
        <p>${product.description}</p>
        <p class="price" data-testid="price-${product.id}">${formatMoney(price, market)}</p>
        <p class="muted">${stock === Infinity ? 'In stock' : stock > 0 ? `${stock} in stock` : 'Sold out'}</p>
        <form method="post" action="/cart/lines">
          <input type="hidden" name="product" value="${product.id}" />
          <input type="hidden" name="return" value="/cart" />
          <button
            name="action"
            value="add"
            ${stock > 0 ? '' : raw('disabled')}
            data-testid="add-${product.id}"
          >
            Add to cart
          </button>
        </form>
      </article>`,
  );
  const main = html`<h1>Small things for a slow kitchen</h1>
    <p class="muted">Prices in ${market.currency}, VAT included (${market.country}).</p>
    <div class="grid">${cards}</div>`;
  return layout(ctx, { title: 'Shop', main });
}

/** One line of a cart table; with `returnTo` it gets the +/− and remove buttons. */
function lineRow(line, market, returnTo) {
  const buttons = (action, label, text) =>
    html`<button
      name="action"
      value="${action}"
      aria-label="${label}"
      data-action="${action}"
      data-testid="${action}-${line.reference}"
    >
      ${text}
    </button>`;
  const qty = returnTo
    ? html`<form method="post" action="/cart/lines" class="qty" data-product="${line.reference}">
        <input type="hidden" name="product" value="${line.reference}" />
        <input type="hidden" name="return" value="${returnTo}" />
        ${buttons('dec', `One less ${line.name}`, '−')}
        <span data-testid="qty-${line.reference}">${line.quantity}</span>
        ${buttons('inc', `One more ${line.name}`, '+')} ${buttons('remove', `Remove ${line.name}`, '×')}
      </form>`
    : html`<span>${line.quantity}</span>`;
  return html`<tr data-testid="cart-line-${line.reference}">
    <td>
      ${line.name}${line.total_discount_amount > 0 ? html`<br /><small class="muted">incl. ${formatMoney(line.total_discount_amount, market)} off</small>` : ''}
    </td>
    <td>${qty}</td>
    <td class="num">${formatMoney(line.total_amount, market)}</td>
  </tr>`;
}

/** GET /cart: products and quantities (no shipping yet: the customer picks it in the checkout). */
export function cartPage(ctx, { market, cart }) {
  if (!cart) {
    const main = html`<h1>Your cart</h1>
      <p data-testid="cart-empty">Your cart is empty. <a href="/">Find something nice.</a></p>`;
    return layout(ctx, { title: 'Cart', main });
  }
  const products = cart.order_lines.filter((l) => l.type !== 'shipping_fee');
  const subtotal = products.reduce((sum, l) => sum + l.total_amount, 0);
  const main = html`<h1>Your cart</h1>
    <table class="cart">
      <thead>
        <tr>
          <th>Product</th>
          <th>Quantity</th>
          <th class="num">Price</th>
        </tr>
      </thead>
      <tbody>
        ${products.map((l) => lineRow(l, market, '/cart'))}
      </tbody>
      <tfoot>
        <tr>
          <th colspan="2">Subtotal</th>
          <td class="num" data-testid="cart-subtotal">${formatMoney(subtotal, market)}</td>
        </tr>
      </tfoot>
    </table>
    <p class="muted">Shipping is chosen in the checkout.</p>
    <p><a class="button" href="/checkout" data-testid="go-to-checkout">Go to checkout</a></p>`;
  return layout(ctx, { title: 'Cart', main });
}

/**
 * The cart summary beside the checkout: products with +/−, the shipping line, the total. Also sent alone
 * (as the inner HTML of the summary) after a change made on the checkout page.
 */
export function checkoutSummary({ market, cart }) {
  const products = cart.order_lines.filter((l) => l.type !== 'shipping_fee');
  const fee = cart.order_lines.find((l) => l.type === 'shipping_fee');
  return html`<h2>Your order</h2>
    <table class="cart">
      <tbody>
        ${products.map((l) => lineRow(l, market, '/checkout'))}
      </tbody>
      <tfoot>
        ${
          fee
            ? html`<tr>
                <th colspan="2">Shipping: ${fee.name}</th>
                <td class="num" data-testid="checkout-shipping">${formatMoney(fee.total_amount, market)}</td>
              </tr>`
            : ''
        }
        <tr>
          <th colspan="2">Total</th>
          <td class="num" data-testid="checkout-total">${formatMoney(cart.order_amount, market)}</td>
        </tr>
      </tfoot>
    </table>
    <p class="muted">Prices in ${market.currency}, VAT included.</p>`;
}

/** GET /checkout: the summary on the left, the checkout's own snippet on the right. */
export function checkoutPage(ctx, { order, market, cart }) {
  const main = html`<h1>Checkout</h1>
    <div class="checkout" data-checkout-order-id="${order.order_id}">
      <section
        class="summary"
        data-testid="checkout-summary"
        data-currency="${market.currency}"
        data-locale="${market.locale}"
      >
        ${checkoutSummary({ market, cart })}
      </section>
      <section class="snippet" data-testid="checkout-snippet">${raw(order.html_snippet)}</section>
    </div>
    <details class="events" data-testid="shop-events">
      <summary>What the checkout told this page (<span data-testid="shop-event-count">0</span>)</summary>
      <ol id="shop-event-list"></ol>
    </details>`;
  // The snippet goes in as the server sent it (not through innerHTML, where its <script> would not run).
  return layout(ctx, { title: 'Checkout', main, script: '/static/checkout.js' });
}

/** GET /confirmation: thanks, the shop's order number, and the checkout's confirmation snippet. */
export function confirmationPage(ctx, { rec, order }) {
  const main = html`<h1>Thank you!</h1>
    <p>
      Your order number is <strong data-testid="order-number">${rec?.number ?? 'on its way'}</strong>. We will
      email you when it ships.
    </p>
    <section class="snippet" data-testid="confirmation-snippet">${raw(order.html_snippet ?? '')}</section>
    <p><a href="/">Back to the shop</a></p>`;
  return layout(ctx, { title: 'Thank you', main });
}

/** A page with one message: an empty cart, an error the checkout service gave. */
export function messagePage(ctx, { title, message, testid = 'message' }) {
  const main = html`<h1>${title}</h1>
    <p class="notice" data-testid="${testid}">${message}</p>
    <p><a href="/cart">Back to your cart</a> · <a href="/">Shop</a></p>`;
  return layout(ctx, { title, main });
}

/** GET /terms: the page merchant_urls.terms points at. */
export function termsPage(ctx) {
  const main = html`<h1>Terms</h1>
    <p>
      This is a sample shop: nothing is sold, nothing is shipped, and no money changes hands. Returns are
      accepted within 30 days, which is easy, since nothing ever arrives.
    </p>`;
  return layout(ctx, { title: 'Terms', main });
}
