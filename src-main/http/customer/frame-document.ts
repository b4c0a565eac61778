import type { FrameConfig } from '@shared/contract/frame-config';
import { frameAncestors } from '@shared/rules/frame-origins';
import type { Refusal } from '../../core/checkout/customer-access';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** JSON inside an HTML element: nothing in it can close the element. */
const jsonInHtml = (v: unknown) => JSON.stringify(v).replace(/</g, '\\u003c');

/**
 * The headers of every page of the embedded checkout: framing allowed by the setting's origins (any by
 * default), scripts and connections only to the checkout itself, no referrer (the address holds the
 * customer's token), never cached.
 */
export function frameHeaders(allowed: readonly string[]): Record<string, string> {
  return {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      'img-src * data:',
      "connect-src 'self'",
      "base-uri 'none'",
      "form-action 'none'",
      `frame-ancestors ${frameAncestors(allowed)}`,
    ].join('; '),
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  };
}

const shell = (lang: string, title: string, head: string, body: string) => `<!doctype html>
<html lang="${escapeHtml(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="/kco/assets/frame.css">
${head}
</head>
<body>
${body}
</body>
</html>
`;

/** The checkout page inside the iframe: its script renders the view it finds in the document. */
export function frameDocument(config: FrameConfig): string {
  const lang = config.view.locale.split('-')[0] ?? 'en';
  return shell(
    lang,
    'Checkout',
    `<script type="application/json" id="kco-config">${jsonInHtml(config)}</script>
<script type="module" src="/kco/assets/frame.js"></script>`,
    `<main id="kco-root" data-testid="kco-root"><p class="kco-loading">Loading the checkout…</p></main>`,
  );
}

interface Details {
  expiredAt?: string;
  origin?: string;
}

const REFUSALS: Record<
  Refusal | 'origin_not_allowed',
  { status: number; title: string; text: (id: string, d: Details) => string }
> = {
  unknown_order: {
    status: 404,
    title: 'This checkout does not exist',
    text: (id) =>
      `No order ${id} is known to this simulator (a different data folder, or a link from another run). Your shop creates a new order when you go back to its checkout.`,
  },
  bad_token: {
    status: 403,
    title: 'This checkout link is not valid',
    text: (id) =>
      `The link's token does not open order ${id}: it is mistyped, belongs to another order, or comes from another simulator (another data folder or run). Load the checkout from the order's html_snippet.`,
  },
  expired: {
    status: 410,
    title: 'This checkout has expired',
    text: (_id, d) =>
      `The order expired${d.expiredAt ? ` at ${d.expiredAt}` : ''}, 48 hours after the last update by the shop or the customer. Go back to the shop: its checkout creates a new order.`,
  },
  aborted: {
    status: 410,
    title: 'This checkout was closed',
    text: () =>
      'The shop aborted this order, so it can no longer be paid. Go back to the shop to start again.',
  },
  origin_not_allowed: {
    status: 403,
    title: 'This checkout may not be shown on this page',
    text: (_id, d) =>
      `The page at ${d.origin ?? 'this origin'} is not among the origins the simulator's setting checkout_frame_origins allows to frame the checkout.`,
  },
};

/** A refusal as a plain page (no script): what the customer sees in the iframe, and its status. */
export function refusalPage(refusal: Refusal | 'origin_not_allowed', orderId: string, details: Details = {}) {
  const r = REFUSALS[refusal];
  const body = `<main class="kco-refusal" data-testid="kco-refusal" data-refusal="${refusal}">
<h1>${escapeHtml(r.title)}</h1>
<p>${escapeHtml(r.text(orderId, details))}</p>
<p class="kco-muted">Checkout Simulator · order <code>${escapeHtml(orderId)}</code></p>
</main>`;
  return {
    status: r.status,
    html: shell('en', r.title, '', body),
    title: r.title,
    message: r.text(orderId, details),
  };
}

/** What the listener's root says to someone who opens it directly. */
export function indexPage(): string {
  return shell(
    'en',
    'Checkout Simulator: embedded checkout',
    '',
    `<main class="kco-refusal"><h1>The embedded checkout</h1>
<p>This address serves the checkout that an order's <code>html_snippet</code> loads into the merchant's page. Create an order with the checkout API and put its <code>html_snippet</code> into your checkout page.</p></main>`,
  );
}
