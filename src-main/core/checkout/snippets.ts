import type { CheckoutOrder } from '@shared/schemas/checkout-order.schema';

/** Where the embedded checkout is served (the `checkout` listener) and the paths the snippet loads. */
export const FRAME_PATH = '/kco/frame';
export const BOOTSTRAP_PATH = '/kco/bootstrap.js';
/** The container's id, as the real snippet names it: merchants' styles and scripts look for it. */
export const CONTAINER_ID = 'klarna-checkout-container';

/** A value as a JavaScript literal that is safe inside an HTML <script> element. */
const js = (v: unknown) =>
  JSON.stringify(v)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The iframe's address for an order: its customer token, never the merchant's credentials. */
export function frameUrl(base: string, orderId: string, token: string): string {
  return `${base}${FRAME_PATH}/${encodeURIComponent(orderId)}?token=${encodeURIComponent(token)}`;
}

/**
 * The order's `html_snippet`: a container and a script that loads the checkout into an iframe, with
 * nothing else needed on the merchant's page. Shaped like the real snippet: the script defines
 * `window._klarnaCheckout` at once (calls made before the bootstrap arrives are queued, so the page can
 * register listeners right after the snippet), then loads the bootstrap from the simulator, which builds
 * the iframe. The same snippet serves the checkout and, once the order is complete, the confirmation.
 */
export function htmlSnippet(base: string, order: CheckoutOrder, token: string): string {
  const config = {
    ORDER_URL: frameUrl(base, order.order_id, token),
    AUTH_HEADER: `KlarnaCheckout ${token}`,
    ORDER_ID: order.order_id,
    ORDER_STATUS: order.status,
    LOCALE: order.locale,
    PURCHASE_COUNTRY: order.purchase_country,
    PURCHASE_CURRENCY: order.purchase_currency,
    BOOTSTRAP_SRC: `${base}${BOOTSTRAP_PATH}`,
  };
  return [
    `<div id="${CONTAINER_ID}" style="overflow: hidden;">`,
    `<script id="klarna-iframe-script">`,
    `(function (w, k, i, d, n, c, l) {`,
    `  w[k] = w[k] || function () { (w[k].q = w[k].q || []).push(arguments); };`,
    `  l = w[k].config = Object.assign({ container: d.getElementById(i) }, ${js(config)});`,
    `  n = d.createElement('script'); c = d.getElementById(i);`,
    `  n.async = true; n.src = l.BOOTSTRAP_SRC; c.appendChild(n);`,
    `})(window, '_klarnaCheckout', '${CONTAINER_ID}', document);`,
    `</script>`,
    `<noscript>Please enable JavaScript to use the checkout.</noscript>`,
    `</div>`,
  ].join('\n');
}
