// Figure 6: the embedded checkout's first load in a merchant's page, in Chromium. A page on its own origin
// inlines the order's html_snippet; the figure is the time from navigation to the checkout's `load`
// client-side event (the iframe rendered and ready: the documented signal a merchant can observe), and the
// bytes of JavaScript the checkout adds. The baseline, in the same run, is the same page without the
// snippet, timed to its own load event.
import { chromium } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { AUTH, ROOT, startSimulator, stop } from './lib.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tools/chromium.mjs';

const ROUNDS = 15;

/** The merchant's page: a heading, the snippet (or nothing), and a listener that notes when `load` came. */
const pageHtml = (snippet) => `<!doctype html><html><head><meta charset="utf-8"><title>Shop</title></head>
<body><h1>Checkout</h1>${snippet}
<script>
  window.addEventListener('load', () => { window.__pageLoaded = performance.now(); });
  if (window._klarnaCheckout) window._klarnaCheckout((api) => api.on({ load: () => { window.__checkoutLoaded = performance.now(); } }));
</script></body></html>`;

function merchantPages(snippet) {
  const server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(req.url === '/blank' ? pageHtml('') : pageHtml(snippet));
  });
  return new Promise((r) =>
    server.listen(0, '127.0.0.1', () => r({ server, url: `http://127.0.0.1:${server.address().port}` })),
  );
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function checkoutFrame() {
  const sim = await startSimulator();
  const order = await readFile(join(ROOT, 'shared/samples/order.json'), 'utf8');
  const created = await fetch(`${sim.api}/checkout/v3/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: AUTH },
    body: order,
  });
  const { html_snippet: snippet } = await created.json();
  const pages = await merchantPages(snippet);
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  try {
    const blank = [];
    const checkout = [];
    let jsBytes = 0;
    const scripts = {};
    for (let i = 0; i < ROUNDS; i++) {
      // A fresh context each time: nothing cached, as for a customer arriving at the checkout.
      for (const which of ['blank', 'checkout']) {
        const context = await browser.newContext();
        const page = await context.newPage();
        const sizes = {};
        page.on('response', async (r) => {
          if (r.request().resourceType() !== 'script' || !r.url().startsWith(sim.checkout)) return;
          const body = await r.body().catch(() => Buffer.alloc(0));
          sizes[new URL(r.url()).pathname] = body.length;
        });
        if (which === 'blank') {
          await page.goto(`${pages.url}/blank`, { waitUntil: 'load' });
          blank.push(await page.evaluate(() => window.__pageLoaded));
        } else {
          await page.goto(`${pages.url}/checkout`);
          await page.waitForFunction(() => window.__checkoutLoaded !== undefined, null, { timeout: 15_000 });
          checkout.push(await page.evaluate(() => window.__checkoutLoaded));
          if (i === 0) {
            Object.assign(scripts, sizes);
            jsBytes = Object.values(sizes).reduce((s, n) => s + n, 0);
          }
        }
        await context.close();
      }
    }
    const b = median(blank);
    const c = median(checkout);
    const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
    const parts = Object.entries(scripts)
      .map(([p, n]) => `${p.split('/').pop()} ${kb(n)}`)
      .join(' + ');
    return {
      name: 'embedded checkout: first load in a merchant page (Chromium)',
      baseline: `the same page without the snippet: load event at ${b.toFixed(0)} ms (median of ${ROUNDS})`,
      measured: `with the snippet: the checkout's load event at ${c.toFixed(0)} ms; JavaScript ${kb(jsBytes)} (${parts})`,
      ratio: c / b,
      target: 'JavaScript ≤ 64 KB and load within 400 ms of the blank page',
      pass: jsBytes <= 64 * 1024 && c - b <= 400,
      note: `the checkout adds ${(c - b).toFixed(0)} ms; each round in a fresh browser context (nothing cached)`,
    };
  } finally {
    await browser.close();
    pages.server.close();
    await stop(sim.proc);
  }
}
