import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { type FrameLocator, type Page } from '@playwright/test';
import { CLIENT_EVENTS } from '../shared/schemas/customer.schema';
import { recordingScript } from './events-script';
import { expect, serverFixture, test as simTest } from './fixtures';
import { basicAuth } from './helpers';

export { CLIENT_EVENTS };

/** The merchant's checkout and confirmation pages, each with the order's snippet (fetched server-side). */
function merchantHtml(order: Record<string, unknown>, title: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>body{margin:0;font-family:sans-serif;background:#eceff3}header{background:#20242b;color:#fff;padding:14px 20px}
main{max-width:760px;margin:0 auto;padding:16px;background:#fff}@media (max-width:480px){main{padding:8px 0}}</style>
</head><body><header>Demo shop · ${title}</header><main>
${recordingScript('window.__events.push({ event: name, data: data });')}
${String(order.html_snippet)}
</main></body></html>`;
}

export interface Merchant {
  url: string;
  /** What reached the merchant's server, in order: `push` (answered), `confirmation`, other pages' paths. */
  arrivals: string[];
  /** Holds push answers back until `releasePushes()`; a push held is in `arrivals` as `push (held)`. */
  holdPushes(): void;
  releasePushes(): void;
  close(): Promise<void>;
}

/**
 * The merchant's web server on its own origin: `/checkout/<order id>` and `/confirmation?order_id=<id>`
 * pages with the order's html_snippet inlined server-side, as a merchant's framework renders it, and the
 * push URL `/push?order_id=<id>`.
 */
export async function startMerchant(api: string): Promise<Merchant> {
  const arrivals: string[] = [];
  let held: (() => void)[] | null = null;
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://merchant.test');
    if (req.method === 'POST' && url.pathname === '/push') {
      req.resume();
      const answer = () => {
        arrivals.push('push');
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{}');
      };
      if (held) {
        arrivals.push('push (held)');
        held.push(answer);
      } else answer();
      return;
    }
    const id =
      /^\/checkout\/([^/]+)$/.exec(url.pathname)?.[1] ??
      (url.pathname === '/confirmation' ? url.searchParams.get('order_id') : null);
    if (!id) {
      // Any other page of the shop (where a merchant's redirect sends the customer, say) exists.
      const ok = url.pathname !== '/favicon.ico';
      if (ok) arrivals.push(url.pathname);
      res.writeHead(ok ? 200 : 204, { 'content-type': 'text/html; charset=utf-8' });
      return void res.end(ok ? `<!doctype html><title>Shop</title><h1>Shop page ${url.pathname}</h1>` : '');
    }
    if (url.pathname === '/confirmation') arrivals.push('confirmation');
    void fetch(`${api}/checkout/v3/orders/${id}`, { headers: { authorization: basicAuth() } })
      .then((r) => r.json() as Promise<Record<string, unknown>>)
      .then((order) => {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(merchantHtml(order, url.pathname === '/confirmation' ? 'Thank you' : 'Checkout'));
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    arrivals,
    holdPushes: () => {
      held = [];
    },
    releasePushes: () => {
      const waiting = held ?? [];
      held = null;
      for (const answer of waiting) answer();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** merchant_urls pointing the browser destinations and push at the merchant's server. */
export function merchantUrls(merchant: Merchant, over: Record<string, string> = {}) {
  return {
    terms: `${merchant.url}/terms`,
    checkout: `${merchant.url}/checkout/{checkout.order.id}`,
    confirmation: `${merchant.url}/confirmation?order_id={checkout.order.id}`,
    push: `${merchant.url}/push?order_id={checkout.order.id}`,
    ...over,
  };
}

/** Opens the order's checkout on the merchant's page and enters the first sample person: the iframe, at shipping. */
export async function toShippingStep(page: Page, merchant: Merchant, id: string): Promise<FrameLocator> {
  await page.goto(`${merchant.url}/checkout/${id}`);
  const frame = page.frameLocator('#klarna-checkout-iframe');
  await frame.getByTestId('kco-fill-person-0').click();
  await frame.getByTestId('kco-address-submit').click();
  await expect(frame.getByTestId('kco-section-shipping')).toHaveAttribute('data-state', 'open');
  return frame;
}

export type Received = { event: string; data?: unknown };

/** The client-side events the merchant's page received, in order. */
export const received = (page: Page) =>
  page.evaluate(() => (window as unknown as { __events: Received[] }).__events);

/** The payloads of one event the merchant's page received. */
export const dataOf = async (page: Page, event: string) =>
  (await received(page)).filter((e) => e.event === event).map((e) => e.data);

/** The browser tests' `test` with a merchant's web server of the test's own (`merchant`), closed after it. */
export const test = simTest.extend<{ merchant: Merchant }>({ merchant: serverFixture(startMerchant) });

export { expect };
