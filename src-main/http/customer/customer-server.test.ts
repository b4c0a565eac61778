import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import type { CustomerView } from '@shared/schemas/customer.schema';
import { frameUrl } from '../../core/checkout/snippets';
import { FULL_ADDRESS, sessionEnv } from '../../test-kit/session-env';
import { close, listen, type Listener } from '../serve';
import { customerServer } from './customer-server';

let env: Awaited<ReturnType<typeof sessionEnv>>;
let server: Listener;
let base: string;

async function start(callbacks: string[] = [], over: Record<string, unknown> = {}, names: string[] = []) {
  env = await sessionEnv(callbacks, over);
  server = customerServer(env.core, null, { names }) as Listener;
  base = `http://127.0.0.1:${await listen(server, '127.0.0.1', 0)}`;
}

afterEach(async () => {
  await close(server);
  await env.close();
});

const tokenOf = (id: string) => env.core.tokens.tokenOf(id);
const page = (id: string, token: string, extra = '') => fetch(`${frameUrl(base, id, token)}${extra}`);
const api = (id: string, rest = '', init: RequestInit = {}, token = tokenOf(id)) =>
  fetch(`${base}/kco/api/orders/${id}${rest}`, {
    ...init,
    headers: {
      authorization: `KlarnaCheckout ${token}`,
      'content-type': 'application/json',
      ...init.headers,
    },
  });
const post = (id: string, rest: string, body: unknown, token?: string) =>
  api(id, rest, { method: 'POST', body: JSON.stringify(body) }, token);

/** A GET with the Host header given (fetch always sends the URL's own). */
function getWithHost(path: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const r = request(`${base}${path}`, { headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    r.on('error', reject);
    r.end();
  });
}

/** The frame document's embedded config. */
async function configOf(res: Response) {
  const html = await res.text();
  const m = /<script type="application\/json" id="kco-config">(.*?)<\/script>/s.exec(html);
  if (!m) throw new Error(`no config in ${html.slice(0, 200)}`);
  return JSON.parse(m[1]!) as { view: CustomerView; token: string; parentOrigin: string | null };
}

describe('the embedded checkout page', () => {
  it('opens with the order’s token, in any origin’s frame, without leaking it as a referrer', async () => {
    await start();
    const res = await page(env.id, tokenOf(env.id), '&origin=http%3A%2F%2Flocalhost%3A3000');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain('frame-ancestors *');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const config = await configOf(res);
    expect(config.parentOrigin).toBe('http://localhost:3000');
    expect(config.view).toMatchObject({ order_id: env.id, step: 'address', status: 'checkout_incomplete' });
  });

  it('refuses a wrong token, another order’s token and an unknown order with a clear page, changing nothing', async () => {
    await start();
    const other = env.core.orders.create(env.order as unknown as Record<string, unknown>);
    const before = env.core.orders.getJson(env.id);
    const wrong = await page(env.id, 'x'.repeat(32));
    expect(wrong.status).toBe(403);
    const text = await wrong.text();
    expect(text).toContain('This checkout link is not valid');
    expect(text).toContain('data-refusal="bad_token"');
    const foreign = await page(env.id, tokenOf(other.order_id));
    expect(foreign.status).toBe(403);
    // Only the order's own token learns that an order is unknown.
    const unknown = await page('no-such-order', tokenOf('no-such-order'));
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('This checkout does not exist');
    // The API refuses the same way, and a step with a foreign token does not run.
    const step = await post(env.id, '/address', { billing_address: FULL_ADDRESS }, tokenOf(other.order_id));
    expect(step.status).toBe(403);
    expect((await step.json()).error.code).toBe('BAD_TOKEN');
    expect(env.core.orders.getJson(env.id)).toBe(before);
  });

  it('answers a wrong token the same whether or not the order exists (no oracle for order ids)', async () => {
    await start();
    const unknownId = env.id.replace(/.$/, (c) => (c === '0' ? '1' : '0'));
    const wrong = 'x'.repeat(32);
    const pageOf = async (id: string) => {
      const res = await page(id, wrong);
      return { status: res.status, text: (await res.text()).replaceAll(id, '<id>') };
    };
    expect(await pageOf(unknownId)).toEqual(await pageOf(env.id));
    expect((await pageOf(env.id)).status).toBe(403);
    const apiOf = async (id: string, rest: string, init: RequestInit = {}) => {
      const res = await api(id, rest, init, wrong);
      return { status: res.status, body: JSON.stringify(await res.json()).replaceAll(id, '<id>') };
    };
    for (const [rest, init] of [
      ['', {}],
      ['/address', { method: 'POST', body: JSON.stringify({ billing_address: FULL_ADDRESS }) }],
    ] as const) {
      const known = await apiOf(env.id, rest, init);
      expect(known.status).toBe(403);
      expect(await apiOf(unknownId, rest, init)).toEqual(known);
    }
  });

  it('says an expired or aborted order is gone, and shows a completed one as its confirmation', async () => {
    await start();
    const aborted = env.core.orders.create(env.order as unknown as Record<string, unknown>);
    env.core.orders.abort(aborted.order_id);
    const a = await page(aborted.order_id, tokenOf(aborted.order_id));
    expect(a.status).toBe(410);
    expect(await a.text()).toContain('This checkout was closed');

    await env.core.steps.address(env.id, { billing_address: FULL_ADDRESS });
    await env.core.steps.complete(env.id, {});
    const done = await page(env.id, tokenOf(env.id));
    expect(done.status).toBe(200);
    const view = (await configOf(done)).view;
    expect(view.status).toBe('checkout_complete');
    expect(view.confirmation).toMatchObject({ url: 'https://example.com/confirmation', redirect: 'now' });

    const open = env.core.orders.create(env.order as unknown as Record<string, unknown>);
    env.clock.advance(49 * 3600 * 1000);
    const expired = await page(open.order_id, tokenOf(open.order_id));
    expect(expired.status).toBe(410);
    expect(await expired.text()).toMatch(/This checkout has expired[\s\S]*48 hours after the last update/);
  });

  it('may be framed only by the listed origins when the setting restricts it', async () => {
    await start();
    env.core.settings.update({ checkout_frame_origins: ['http://localhost:3000', 'https://shop.example'] });
    const ok = await page(env.id, tokenOf(env.id), '&origin=http%3A%2F%2Flocalhost%3A3000');
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-security-policy')).toContain(
      'frame-ancestors http://localhost:3000 https://shop.example',
    );
    const other = await page(env.id, tokenOf(env.id), '&origin=http%3A%2F%2Fevil.test');
    expect(other.status).toBe(403);
    expect(await other.text()).toContain('http://evil.test is not among the origins');
    expect(() =>
      env.core.settings.update({ checkout_frame_origins: ['http://localhost:3000/shop'] }),
    ).toThrow(/checkout_frame_origins\[0\]: must be an http:\/\/ or https:\/\/ origin/);
  });
});

describe('the embedded checkout’s Host check (DNS rebinding)', () => {
  it('refuses a foreign name in Host on every path, and answers to its own names', async () => {
    await start([], {}, ['checkout.test']);
    const port = new URL(base).port;
    const framePath = new URL(frameUrl(base, env.id, tokenOf(env.id))).pathname;
    const query = `?token=${tokenOf(env.id)}`;
    for (const path of [
      `${framePath}${query}`,
      `/kco/api/orders/${env.id}${query}`,
      '/kco/bootstrap.js',
      '/',
    ]) {
      const foreign = await getWithHost(path, `rebound.evil.test:${port}`);
      expect(foreign.status, path).toBe(403);
      expect(JSON.parse(foreign.body).error).toEqual({
        code: 'HOST_NOT_ALLOWED',
        message: expect.stringContaining(`Host 'rebound.evil.test:${port}' is not a name of this simulator`),
      });
    }
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `checkout.test:${port}`]) {
      expect((await getWithHost(`${framePath}${query}`, host)).status, host).toBe(200);
    }
  });
});

describe('the embedded checkout’s API', () => {
  it('runs the customer’s steps with the same code and callbacks as the console, answering the new view', async () => {
    await start(['address_update']);
    env.stub.on(env.path('address_update'), {
      status: 400,
      body: { error_type: 'address_error', error_text: 'We do not deliver there.' },
    });
    const res = await post(env.id, '/address', { billing_address: FULL_ADDRESS });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ outcome: 'rejected', error_text: 'We do not deliver there.' });
    expect(body.view.notice).toMatchObject({ text: 'We do not deliver there.', outcome: 'rejected' });
    expect(env.stub.to(env.path('address_update'))).toHaveLength(1);
    const log = await env.core.exchanges.list({ orderId: env.id, limit: 10 });
    expect(log.map((e) => e.kind)).toContain('address_update');
  });

  it('answers bad input with the field and the rule', async () => {
    await start();
    const res = await post(env.id, '/address', { billing_address: { country: 'SE', given_name: 'A' } });
    expect(res.status).toBe(400);
    const { error } = await res.json();
    expect(error.problems).toContainEqual({
      path: 'billing_address.email',
      message: 'is required (the checkout form asks for it)',
    });
    const pay = await post(env.id, '/complete', {});
    expect(pay.status).toBe(409);
    expect((await pay.json()).error.code).toBe('STEP_OUT_OF_ORDER');
  });

  it('logs each client-side event under the order, and refuses an event the API does not have', async () => {
    await start();
    const data = { customer: { type: 'person' }, shipping_address: { country: 'swe' } };
    const res = await post(env.id, '/client_events', {
      event: 'load',
      data,
      origin: 'http://localhost:3000',
    });
    expect(res.status).toBe(204);
    await env.core.exchanges.flush();
    const [logged] = await env.core.exchanges.list({ orderId: env.id, limit: 5 });
    expect(logged).toMatchObject({
      kind: 'client_event.load',
      direction: 'out',
      method: 'postMessage',
      url: 'http://localhost:3000',
      outcome: 'load',
    });
    expect(JSON.parse(logged!.request.body!)).toEqual(data);
    const bad = await post(env.id, '/client_events', { event: 'paid', origin: null });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.message).toMatch(/^event: must be one of "load"/);
  });

  it('streams the view again whenever the order changes, whoever changed it', async () => {
    await start();
    const controller = new AbortController();
    const res = await fetch(`${base}/kco/api/orders/${env.id}/events?token=${tokenOf(env.id)}`, {
      signal: controller.signal,
    });
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const reader = res.body!.getReader();
    const views: CustomerView[] = [];
    let buffer = '';
    const next = async (): Promise<CustomerView> => {
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const chunk = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = /^data: (.*)$/m.exec(chunk);
          if (data) return JSON.parse(data[1]!) as CustomerView;
          continue;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('the stream ended');
        buffer += new TextDecoder().decode(value);
      }
    };
    views.push(await next());
    expect(views[0]).toMatchObject({ step: 'address', address_entered: false });
    // A step driven from elsewhere (the console, /test_helpers) reaches the open page.
    await env.core.steps.address(env.id, { billing_address: FULL_ADDRESS });
    views.push(await next());
    expect(views[1]).toMatchObject({ address_entered: true, step: 'pay' });
    // So does the merchant's own update of the cart.
    env.core.orders.update(env.id, { merchant_reference1: 'R-1' });
    env.core.orders.update(env.id, {
      order_amount: 75000,
      order_tax_amount: 15000,
      order_lines: [
        { ...env.order.order_lines[0]!, quantity: 3, total_amount: 75000, total_tax_amount: 15000 },
      ],
    });
    views.push(await next());
    expect(views[2]!.totals.total).toBe(75000);
    controller.abort();
  });
});
