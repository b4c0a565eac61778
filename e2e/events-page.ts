import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { callApi } from './api-helpers';
import { recordingScript } from './events-script';
import { basicAuth } from './helpers';

/*
 * A minimal merchant page of the client-side events spec's own: `/checkout/<id>` and `/confirmation?order_id=<id>`
 * embed the order's html_snippet and register one recording handler per event with api.on(). The
 * validation_callback handler answers with `window.__answer` (or never, for 'never'). Every event heard is
 * also kept in sessionStorage ('heard'), so what the checkout page heard survives the redirect.
 * The same server answers the callbacks the spec points at it: push, a refusing address_update and a
 * refusing validation.
 */

const REFUSED_POSTAL_CODE = '00000';

function html(order: Record<string, unknown>): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Events page</title></head><body>
${recordingScript(`var entry = { event: name, data: data, callback: typeof callback };
        window.__events.push(entry);
        var kept = JSON.parse(sessionStorage.getItem('heard') || '[]');
        kept.push(entry);
        sessionStorage.setItem('heard', JSON.stringify(kept));
        if (name === 'validation_callback' && window.__answer !== 'never') callback(window.__answer);`)}
${String(order.html_snippet)}
</body></html>`;
}

export interface EventsPage {
  url: string;
  refusedPostalCode: string;
  /** merchant_urls for an order shown on this page (confirmation and push here). */
  urls(over?: Record<string, string>): Record<string, string>;
  read(api: string, id: string): Promise<Record<string, unknown>>;
  /** The kinds of the order's client-side events in the simulator's log. */
  loggedEvents(api: string, id: string): Promise<string[]>;
  /** The merchant adds a line to the cart server-side (as before api.resume()). */
  addLine(api: string, id: string): Promise<void>;
  close(): Promise<void>;
}

const json = (body: unknown) => JSON.stringify(body);

export async function startEventsPage(api: string): Promise<EventsPage> {
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://page.test');
    if (req.method === 'POST') {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const order = body ? (JSON.parse(body) as Record<string, unknown>) : {};
        const postal = (order.shipping_address as { postal_code?: string } | undefined)?.postal_code;
        const refuse =
          url.pathname === '/validation_refuse' ||
          (url.pathname === '/address_update' && postal === REFUSED_POSTAL_CODE);
        res.writeHead(refuse ? 400 : 200, { 'content-type': 'application/json' });
        res.end(refuse ? json({ error_type: 'address_error', error_text: 'Not here.' }) : '{}');
      });
      return;
    }
    const id =
      /^\/checkout\/([^/]+)$/.exec(url.pathname)?.[1] ??
      (url.pathname === '/confirmation' ? url.searchParams.get('order_id') : null);
    if (!id) {
      // Other pages (the favicon, the terms) exist but are empty: no console error in the test's browser.
      res.writeHead(204);
      return void res.end();
    }
    void fetch(`${api}/checkout/v3/orders/${id}`, { headers: { authorization: basicAuth() } })
      .then((r) => r.json() as Promise<Record<string, unknown>>)
      .then((order) => {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(html(order));
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    refusedPostalCode: REFUSED_POSTAL_CODE,
    urls: (over = {}) => ({
      terms: `${base}/terms`,
      checkout: `${base}/checkout/{checkout.order.id}`,
      confirmation: `${base}/confirmation?order_id={checkout.order.id}`,
      push: `${base}/push?order_id={checkout.order.id}`,
      ...over,
    }),
    async read(a, id) {
      return (await callApi(a, 'GET', `/checkout/v3/orders/${id}`)).json;
    },
    async loggedEvents(a, id) {
      const log = await callApi(a, 'GET', `/test_helpers/exchanges?order_id=${id}`);
      return (log.json.exchanges as { kind: string }[])
        .map((x) => x.kind)
        .filter((k) => k.startsWith('client_event.'));
    },
    async addLine(a, id) {
      const order = (await callApi(a, 'GET', `/checkout/v3/orders/${id}`)).json;
      const lines = order.order_lines as { total_amount: number; total_tax_amount: number }[];
      const extra = {
        type: 'physical',
        reference: 'extra',
        name: 'Gift wrap',
        quantity: 1,
        unit_price: 2500,
        tax_rate: 2500,
        total_amount: 2500,
        total_tax_amount: 500,
      };
      const all = [...lines, extra];
      const res = await callApi(a, 'POST', `/checkout/v3/orders/${id}`, {
        order_lines: all,
        order_amount: all.reduce((n, l) => n + l.total_amount, 0),
        order_tax_amount: all.reduce((n, l) => n + l.total_tax_amount, 0),
      });
      if (res.status !== 200) throw new Error(`update failed: ${JSON.stringify(res.json)}`);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
