// The customer's side against a fake provider API: the checkout page creates, reuses, updates and
// replaces the checkout order as the provider recommends; the confirmation page records and
// acknowledges once; pages escape what they show and keep the snippet intact.
import { beforeEach, describe, expect, it } from 'vitest';
import { browser, eventually } from './fake-api.mjs';
import { useShop } from './harness.mjs';
import { cartProblems } from './reconcile.mjs';

const t = useShop();
let visitor;
beforeEach(async () => {
  visitor = browser(t.shop.url);
  await visitor.get('/');
});

const add = (product, action = 'add', back = '/cart') =>
  visitor.postForm('/cart/lines', { product, action, return: back });
const creates = () => t.api.callsTo(/^POST \/checkout\/v3\/orders$/);
const updates = () => t.api.callsTo(/^POST \/checkout\/v3\/orders\/[^/]+$/);

describe('product and cart pages', () => {
  it('show products with prices, a cookie session, and a cart with +/−', async () => {
    const home = await browser(t.shop.url).get('/');
    expect(home.headers.get('set-cookie')).toMatch(/^sid=[0-9a-f-]{36}; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(home.text).toMatch(/data-testid="price-enamel-mug">249,00\s*kr</);
    expect((await add('enamel-mug')).headers.get('location')).toBe('/cart');
    await add('enamel-mug');
    await add('tea-towel');
    await add('tea-towel', 'dec');
    const cart = await visitor.get('/cart');
    expect(cart.text).toMatch(/data-testid="qty-enamel-mug">2</);
    expect(cart.text).not.toContain('cart-line-tea-towel');
    expect(cart.text).toMatch(/data-testid="cart-subtotal">498,00\s*kr</);
    expect(cart.text).toContain('data-testid="go-to-checkout"');
  });

  it('answer unknown paths with a 404 page, and never set a CSP that would block the snippet', async () => {
    const r = await visitor.get('/nope');
    expect(r.status).toBe(404);
    expect(r.headers.get('content-security-policy')).toBeNull();
  });
});

describe('GET /checkout', () => {
  it('creates an order with the shop’s urls, options and references, and inserts the snippet as is', async () => {
    await add('wool-socks');
    const page = await visitor.get('/checkout');
    expect(page.status).toBe(200);
    expect(creates()).toHaveLength(1);
    const body = creates()[0].body;
    expect(body).toMatchObject({
      purchase_country: 'SE',
      purchase_currency: 'SEK',
      locale: 'sv-SE',
      shipping_countries: ['SE', 'NO', 'DK', 'FI', 'DE', 'NL', 'GB'],
    });
    expect(cartProblems(body)).toEqual([]);
    expect(body.shipping_options.filter((o) => o.preselected)).toHaveLength(1);
    expect(body.order_lines.filter((l) => l.type === 'shipping_fee')).toHaveLength(1);
    expect(body.merchant_urls).toEqual({
      terms: `${t.shop.url}/terms`,
      checkout: `${t.shop.url}/checkout`,
      confirmation: `${t.shop.url}/confirmation?order_id={checkout.order.id}`,
      push: `${t.shop.url}/kco/push?order_id={checkout.order.id}`,
      address_update: `${t.shop.url}/kco/address_update?order_id={checkout.order.id}`,
      country_change: `${t.shop.url}/kco/country_change?order_id={checkout.order.id}`,
      shipping_option_update: `${t.shop.url}/kco/shipping_option_update?order_id={checkout.order.id}`,
      validation: `${t.shop.url}/kco/validation?order_id={checkout.order.id}`,
      notification: `${t.shop.url}/kco/notification?order_id={checkout.order.id}`,
    });
    // A support reference, not the session cookie (that would hand the session to whoever reads orders).
    expect(body.merchant_reference2).toMatch(/^V-[0-9A-F]{8}$/);
    expect(visitor.cookie).not.toContain(body.merchant_reference2);
    expect(page.text).toContain(t.api.orders.get('order-1').html_snippet);
    expect(page.text).toContain('data-testid="shop-events"');
    expect(page.text).toContain('<script src="/static/checkout.js" defer></script>');
  });

  it('reuses the order while the cart is the same, and updates it when the cart changed', async () => {
    await add('wool-socks');
    await visitor.get('/checkout');
    await visitor.get('/checkout');
    expect(creates()).toHaveLength(1);
    expect(updates()).toHaveLength(0);
    await add('enamel-mug');
    await visitor.get('/checkout');
    expect(creates()).toHaveLength(1);
    expect(updates()).toHaveLength(1);
    const update = updates()[0].body;
    expect(Object.keys(update).sort()).toEqual(['order_amount', 'order_lines', 'order_tax_amount']);
    expect(cartProblems(update)).toEqual([]);
    expect(update.order_lines.map((l) => l.reference)).toEqual(['wool-socks', 'enamel-mug', 'pickup']);
  });

  it('prices an update in the market the order is in now, with the option selected there', async () => {
    await add('wool-socks');
    await visitor.get('/checkout');
    const order = t.api.orders.get('order-1');
    Object.assign(order, {
      purchase_country: 'DE',
      purchase_currency: 'EUR',
      shipping_address: { country: 'DE' },
      selected_shipping_option: { id: 'express' },
    });
    await add('wool-socks');
    await visitor.get('/checkout');
    const lines = updates()[0].body.order_lines;
    expect(lines.map((l) => [l.reference, l.quantity, l.unit_price])).toEqual([
      ['wool-socks', 2, 1390],
      ['express', 1, 1290],
    ]);
    expect((await visitor.get('/')).text).toMatch(/data-testid="price-wool-socks">13,90\s*€</);
  });

  it('creates a new order when the old one is gone, failing, complete, or refuses the update', async () => {
    await add('wool-socks');
    await visitor.get('/checkout');
    t.api.orders.delete('order-1'); // expired: 404
    await visitor.get('/checkout');
    t.api.overrides.set('GET /checkout/v3/orders/order-2', { status: 503, body: {} });
    await visitor.get('/checkout');
    t.api.orders.get('order-3').status = 'checkout_complete';
    await visitor.get('/checkout');
    t.api.overrides.set('POST /checkout/v3/orders/order-4', {
      status: 403,
      body: { error_code: 'READ_ONLY_ORDER' },
    });
    await add('wool-socks');
    const page = await visitor.get('/checkout');
    expect(creates()).toHaveLength(5);
    expect(page.text).toContain('data-checkout-order-id="order-5"');
  });

  it('shows a clear message when the checkout service fails, and keeps running', async () => {
    await add('wool-socks');
    t.api.overrides.set('POST /checkout/v3/orders', {
      status: 400,
      body: { error_code: 'BAD_VALUE', error_messages: ['order_amount: wrong'] },
    });
    const page = await visitor.get('/checkout');
    expect(page.status).toBe(502);
    expect(page.text).toMatch(
      /data-testid="error-message">We could not open the checkout\. The checkout service answered 400: order_amount: wrong\./,
    );
    t.api.overrides.clear();
    expect((await visitor.get('/checkout')).status).toBe(200);
  });

  it('shows an empty cart instead of creating an order', async () => {
    const page = await visitor.get('/checkout');
    expect(page.text).toContain('Your cart is empty.');
    expect(creates()).toHaveLength(0);
  });
});

describe('POST /cart/lines from the checkout page (JSON)', () => {
  it('updates the checkout order server-side and answers the new summary', async () => {
    await add('tea-towel');
    await visitor.get('/checkout');
    const r = await visitor.postJson('/cart/lines', { product: 'tea-towel', action: 'inc' });
    expect(r.status).toBe(200);
    const answer = r.json();
    expect(answer).toMatchObject({ ok: true, currency: 'SEK', locale: 'sv-SE', count: 2 });
    expect(answer.html).toMatch(/data-testid="qty-tea-towel">2</);
    expect(updates()).toHaveLength(1);
    expect(t.api.orders.get('order-1').order_lines[0].quantity).toBe(2);
  });

  it('answers empty when the last item goes, and reload when a new order had to be made', async () => {
    await add('tea-towel');
    await visitor.get('/checkout');
    t.api.orders.delete('order-1');
    expect((await visitor.postJson('/cart/lines', { product: 'tea-towel', action: 'inc' })).json()).toEqual({
      reload: true,
    });
    expect(
      (await visitor.postJson('/cart/lines', { product: 'tea-towel', action: 'remove' })).json(),
    ).toEqual({ empty: true });
  });
});

describe('GET /confirmation', () => {
  it('takes no stock while Limited stock is off; switching it on starts from the catalogue’s figures', async () => {
    for (const id of ['order-1', 'order-2']) {
      await add('enamel-mug');
      await visitor.get('/checkout');
      t.api.complete(id);
      await visitor.get(`/confirmation?order_id=${id}`);
    }
    expect((await visitor.get('/')).text).toMatch(/data-testid="product-enamel-mug"[\s\S]*?In stock/);
    await visitor.postForm('/switches', { limitedStock: 'on' });
    expect((await visitor.get('/')).text).toMatch(/data-testid="product-enamel-mug"[\s\S]*?8 in stock/);
  });

  it('records the order, acknowledges once, writes the reference, and empties the cart', async () => {
    await visitor.postForm('/switches', { limitedStock: 'on' });
    await add('enamel-mug');
    await visitor.get('/checkout');
    t.api.complete('order-1');
    const page = await visitor.get('/confirmation?order_id=order-1');
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/data-testid="order-number">SHOP-1001</);
    expect(page.text).toContain(t.api.orders.get('order-1').html_snippet);
    expect(t.api.callsTo(/acknowledge/)).toHaveLength(1);
    expect(t.api.managed.get('order-1').merchant_reference1).toBe('SHOP-1001');
    expect((await visitor.get('/cart')).text).toContain('Your cart is empty.');
    // A reload acknowledges nothing again; the push does (it comes only while the service has no
    // acknowledgement), and the stock went down once.
    await visitor.get('/confirmation?order_id=order-1');
    expect(t.api.callsTo(/acknowledge/)).toHaveLength(1);
    await fetch(`${t.shop.url}/kco/push?order_id=order-1`, { method: 'POST' });
    await eventually(() => t.api.callsTo(/acknowledge/).length === 2);
    expect((await visitor.get('/')).text).toMatch(/data-testid="product-enamel-mug"[\s\S]*?7 in stock/);
    const orders = (await visitor.get('/orders')).text;
    expect(orders).toMatch(/confirmation first · 1 push/);
    expect(orders).toContain('yes (confirmation)');
  });

  it('sends a customer whose order is not complete back to the checkout', async () => {
    await add('enamel-mug');
    await visitor.get('/checkout');
    const r = await visitor.get('/confirmation?order_id=order-1');
    expect([r.status, r.headers.get('location')]).toEqual([303, '/checkout']);
    expect(t.api.callsTo(/acknowledge/)).toHaveLength(0);
  });

  it('shows a message for an order it cannot load', async () => {
    const r = await visitor.get('/confirmation?order_id=nope');
    expect(r.status).toBe(404);
    expect(r.text).toContain('data-testid="error-message"');
  });

  it('learns the order from push first when the push comes first', async () => {
    await add('enamel-mug');
    await visitor.get('/checkout');
    t.api.complete('order-1');
    await fetch(`${t.shop.url}/kco/push?order_id=order-1`, { method: 'POST' });
    await eventually(() => t.api.callsTo(/acknowledge/).length === 1);
    expect((await visitor.get('/cart')).text).toContain('Your cart is empty.'); // the push emptied it too
    const page = await visitor.get('/confirmation?order_id=order-1');
    expect(page.text).toMatch(/data-testid="order-number">SHOP-1001</);
    expect(t.api.callsTo(/acknowledge/)).toHaveLength(1);
  });
});

describe('escaping', () => {
  it('escapes what the shop did not write itself, such as an error message from the API', async () => {
    await add('wool-socks');
    const evil = '<img src=x onerror="alert(1)">';
    t.api.overrides.set('POST /checkout/v3/orders', { status: 400, body: { error_messages: [evil] } });
    const page = await visitor.get('/checkout');
    expect(page.text).not.toContain(evil);
    expect(page.text).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
  });

  it('html`` escapes values and joins lists, raw() passes trusted HTML', async () => {
    const { html, raw } = await import('../html.mjs');
    const out = String(
      html`<p title="${'"x"'}">${'<b>'}${[html`<i>${'&'}</i>`, 'a<']}${raw('<br>')}${null}</p>`,
    );
    expect(out).toBe('<p title="&quot;x&quot;">&lt;b&gt;<i>&amp;</i>a&lt;<br></p>');
  });
});
