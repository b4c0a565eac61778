// The checkout page's own script (the checkout snippet brings its own). It does two things:
//   1. listens to every event the checkout reports to the page, lists them, and keeps the total in step;
//   2. lets the customer change quantities without leaving the page, the documented way:
//      suspend the checkout → update the order on the shop's server → resume the checkout.
//
// `window._klarnaCheckout` is defined by the snippet. It may be missing (a placeholder snippet, a
// blocked script): everything here still works without it, the checkout just is not told.

const EVENTS = [
  'load',
  'user_interacted',
  'customer',
  'change',
  'billing_address_change',
  'shipping_address_change',
  'shipping_option_change',
  'order_total_change',
  'can_not_complete_order',
  'network_error',
  'redirect_initiated',
  'load_confirmation',
];

const summary = document.querySelector('[data-testid="checkout-summary"]');
const eventList = document.getElementById('shop-event-list');
const eventCount = document.querySelector('[data-testid="shop-event-count"]');

/** Runs `fn(api)` through the snippet's API, when there is one. */
function withCheckout(fn) {
  if (typeof window._klarnaCheckout === 'function') window._klarnaCheckout(fn);
}

/** Adds one event to the "What the checkout told this page" list (text only, never HTML). */
function record(name, data) {
  const item = document.createElement('li');
  item.dataset.testid = 'shop-event';
  item.dataset.event = name;
  const title = document.createElement('strong');
  title.textContent = name;
  const time = document.createElement('span');
  time.className = 'muted';
  time.textContent = ` ${new Date().toLocaleTimeString()}`;
  const payload = document.createElement('pre');
  payload.textContent = JSON.stringify(data ?? null, null, 2);
  item.append(title, time, payload);
  eventList.prepend(item);
  eventCount.textContent = String(eventList.children.length);
}

/** Writes an amount in minor units in the summary's currency and language. */
function money(minor) {
  const { currency, locale } = summary.dataset;
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(minor / 100);
}

/**
 * The checkout's total changed (a shipping option, a new country): fetch the shop's summary (the
 * callbacks have told the shop the new market and option), then show the checkout's own total, which is
 * what the customer will pay.
 */
async function totalChanged(data) {
  try {
    const response = await fetch('/cart/summary', { headers: { Accept: 'application/json' } });
    const fresh = await response.json();
    if (fresh.html) {
      summary.innerHTML = fresh.html; // rendered and escaped by the shop's pages.mjs
      summary.dataset.currency = fresh.currency;
      summary.dataset.locale = fresh.locale;
    }
  } catch {
    // The summary stays as it was; the total below is still right.
  }
  const total = summary.querySelector('[data-testid="checkout-total"]');
  if (total && Number.isInteger(data?.order_total)) total.textContent = money(data.order_total);
}

withCheckout((api) => {
  const handlers = {};
  for (const name of EVENTS) {
    handlers[name] = (data) => {
      record(name, data);
      if (name === 'order_total_change') void totalChanged(data);
    };
  }
  api.on(handlers);
});

// +/− and remove: the buttons are ordinary form buttons (they work without JavaScript, with a reload);
// here they are taken over so the checkout stays on the page.
summary.addEventListener('submit', async (event) => {
  event.preventDefault();
  const form = event.target;
  const action = event.submitter?.value;
  if (!action) return;
  summary.setAttribute('aria-busy', 'true');
  // 1. Suspend: the checkout stops taking input and will not complete while the order changes.
  withCheckout((api) => api.suspend());
  let result;
  try {
    // 2. The shop changes its cart and updates the checkout order server-side (never from the browser).
    const response = await fetch('/cart/lines', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ product: form.dataset.product, action }),
    });
    result = await response.json();
  } catch {
    result = { ok: false, message: 'The shop did not answer. Please try again.' };
  }
  if (result.empty) return window.location.assign('/cart'); // nothing left to pay for
  if (result.reload) return window.location.reload(); // a new checkout order: its snippet is new too
  if (result.html) {
    summary.innerHTML = result.html; // rendered and escaped by the shop's pages.mjs
    summary.dataset.currency = result.currency;
    summary.dataset.locale = result.locale;
  }
  if (result.ok === false) window.alert(result.message);
  const count = document.querySelector('[data-testid="cart-count"]');
  if (count && Number.isInteger(result.count)) count.textContent = String(result.count);
  summary.removeAttribute('aria-busy');
  // 3. Resume: the checkout reads the updated order and shows the new total.
  withCheckout((api) => api.resume());
});
