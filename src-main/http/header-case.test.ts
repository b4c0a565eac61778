import { createServer as createNetServer, connect, type AddressInfo, type Server } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authRequestBody } from '../core/shipping/integrator-caller';
import { FULL_ADDRESS } from '../test-kit/session-env';
import { listenedCore, TEST_HTTP_SERVERS } from '../test-kit/http-servers';
import { basic, sampleOrder, type tempCore } from '../test-kit/temp-core';
import type { Listeners } from './listen';

// Client code often reads header names case-sensitively (`headers['Location']`), so every answer the
// simulator serves, and every call it makes, must name its headers exactly as the real service does.
// These read the raw bytes off a socket: nothing in between normalises the case. The answers are read
// from each server the provider API can run on (serve --http own|node).

let env: ReturnType<typeof tempCore>;
let l: Listeners;

interface RawAnswer {
  status: number;
  /** Header names exactly as sent, in order. */
  names: string[];
  header(name: string): string | undefined;
  body: string;
}

/** One request over a fresh socket (Connection: close), the answer read raw. */
function raw(
  base: string,
  method: string,
  path: string,
  body?: string,
  headers: Record<string, string> = {},
) {
  const { hostname, port } = new URL(base);
  return new Promise<RawAnswer>((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head, ...rest] = text.split('\r\n\r\n');
      const lines = head!.split('\r\n');
      const pairs = lines
        .slice(1)
        .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]);
      resolve({
        status: Number(lines[0]!.split(' ')[1]),
        names: pairs.map(([n]) => n!),
        header: (name) => pairs.find(([n]) => n === name)?.[1],
        body: rest.join('\r\n\r\n'),
      });
    });
    const all = {
      Host: `${hostname}:${port}`,
      Connection: 'close',
      ...(body !== undefined
        ? { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)) }
        : {}),
      ...headers,
    };
    socket.write(
      `${method} ${path} HTTP/1.1\r\n${Object.entries(all)
        .map(([k, v]) => `${k}: ${v}\r\n`)
        .join('')}\r\n${body ?? ''}`,
    );
  });
}

/** One call to the provider API with the merchant's credentials, its body (if any) sent as JSON. */
const authed = (method: string, path: string, body?: unknown) =>
  raw(l.urls.api, method, path, body === undefined ? undefined : JSON.stringify(body), {
    Authorization: basic(),
  });

/** Every name in canonical case: each word capitalised (WWW-Authenticate aside). */
const CANONICAL = /^(WWW-Authenticate|[A-Z][a-z0-9]*(-[A-Z][a-z0-9]*)*)$/;
const expectCanonical = (a: RawAnswer) => {
  for (const n of a.names) expect(n, `header name '${n}'`).toMatch(CANONICAL);
};

describe.each(TEST_HTTP_SERVERS)('over the %s server', (http) => {
  beforeEach(async () => {
    ({ env, l } = await listenedCore(http));
  });
  afterEach(async () => {
    await l.close();
    env.dispose();
  });

  describe('header names on the wire, exactly as the real service writes them', () => {
    it('the checkout API: 201 with Location, reads, and errors with the correlation id in header and body', async () => {
      const created = await authed('POST', '/checkout/v3/orders', sampleOrder());
      expect(created.status).toBe(201);
      expectCanonical(created);
      expect(created.names).toEqual(
        expect.arrayContaining([
          'Content-Type',
          'Location',
          'Klarna-Correlation-Id',
          'Date',
          'Connection',
          'Content-Length',
        ]),
      );
      expect(created.header('Content-Type')).toBe('application/json');
      const id = JSON.parse(created.body).order_id as string;
      expect(created.header('Location')).toBe(`${l.urls.api}/checkout/v3/orders/${id}`);

      const read = await authed('GET', `/checkout/v3/orders/${id}`);
      expectCanonical(read);
      expect(read.header('Klarna-Correlation-Id')).toMatch(/^[0-9a-f-]{36}$/);

      const bad = await authed('POST', '/checkout/v3/orders', {});
      expect(bad.status).toBe(400);
      expectCanonical(bad);
      expect(bad.header('Klarna-Correlation-Id')).toBe(JSON.parse(bad.body).correlation_id);

      const unauthorized = await raw(l.urls.api, 'GET', `/checkout/v3/orders/${id}`);
      expect(unauthorized.status).toBe(401);
      expect(unauthorized.names).toContain('WWW-Authenticate');
      expectCanonical(unauthorized);
    });

    it('order management: 204, and Capture-Id, Refund-Id and Location on 201', async () => {
      const order = env.core.orders.create(sampleOrder());
      await env.core.steps.address(order.order_id, { billing_address: FULL_ADDRESS });
      await env.core.steps.complete(order.order_id, {});
      const base = `/ordermanagement/v1/orders/${order.order_id}`;
      const ack = await authed('POST', `${base}/acknowledge`);
      expect(ack.status).toBe(204);
      expectCanonical(ack);
      expect(ack.names).not.toContain('Content-Length');
      const capture = await authed('POST', `${base}/captures`, { captured_amount: 50000 });
      expect(capture.status).toBe(201);
      expectCanonical(capture);
      expect(capture.header('Capture-Id')).toMatch(/^[0-9a-f-]{36}$/);
      expect(capture.header('Location')).toBe(
        `${l.urls.api}${base}/captures/${capture.header('Capture-Id')}`,
      );
      const refund = await authed('POST', `${base}/refunds`, { refunded_amount: 100 });
      expect(refund.status).toBe(201);
      expect(refund.names).toEqual(
        expect.arrayContaining(['Refund-Id', 'Location', 'Klarna-Correlation-Id']),
      );
      expectCanonical(refund);
      const unknown = await authed('GET', '/ordermanagement/v1/orders/nope');
      expect(unknown.status).toBe(404);
      expectCanonical(unknown);
    });

    it('in-person payments, elements clients and the automation API', async () => {
      const devices = await authed('GET', '/ipp/v1/devices');
      const deviceId = JSON.parse(devices.body).content[0].id as string;
      const session = await authed('POST', '/ipp/v1/sessions', {
        device_id: deviceId,
        order_amount: 1000,
        order_tax_amount: 200,
        purchase_currency: 'SEK',
        order_items: [
          {
            name: 'Tea',
            quantity: 1,
            unit_price: 1000,
            tax_rate: 2500,
            total_amount: 1000,
            total_tax_amount: 200,
          },
        ],
      });
      expect(session.status).toBe(201);
      expect(session.names).toContain('Location');
      expectCanonical(session);
      const problem = await authed('POST', '/ipp/v1/sessions', {});
      expect([problem.status, problem.header('Content-Type')]).toEqual([400, 'application/problem+json']);
      expectCanonical(problem);
      const client = await authed('POST', '/elements/v1/clients', { name: 'Web' });
      expect(client.status).toBe(201);
      expect(client.names).toContain('Location');
      expectCanonical(client);
      const settings = await authed('GET', '/test_helpers/settings');
      expectCanonical(settings);
      // The simulator's own automation API is not the provider's: no correlation id.
      expect(settings.names).not.toContain('Klarna-Correlation-Id');
    });

    it('the fake integrator: 201 token, 401 without a body; and the server’s own refusals', async () => {
      const { identifier, key } = env.core.integrator.credentials();
      const auth = await raw(l.urls.integrator, 'POST', '/auth', authRequestBody(identifier, key));
      expect(auth.status).toBe(201);
      expectCanonical(auth);
      expect(auth.header('Content-Type')).toBe('application/json');
      const wrong = await raw(l.urls.integrator, 'POST', '/auth', authRequestBody(identifier, 'wrong'));
      expect(wrong.status).toBe(401);
      expectCanonical(wrong);
      const malformed = await raw(l.urls.api, 'GET', '/checkout/v3/orders/x', undefined, {
        'Bad Header': 'x',
      });
      expect(malformed.status).toBe(400);
      expectCanonical(malformed);
    });
  });

  describe('header names of the calls the simulator makes', () => {
    let server: Server;
    let heads: string[];
    beforeEach(async () => {
      heads = [];
      server = createNetServer((socket) => {
        let buf = '';
        socket.on('data', (c) => {
          buf += c.toString('latin1');
          const end = buf.indexOf('\r\n\r\n');
          if (end < 0) return;
          heads.push(buf.slice(0, end));
          buf = '';
          socket.end(
            'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}',
          );
        });
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    });
    afterEach(() => new Promise<void>((r) => server.close(() => r())));

    it('callbacks and push carry Host, User-Agent, Content-Type and Content-Length in canonical case', async () => {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const order = env.core.orders.create(
        sampleOrder({
          merchant_urls: {
            terms: `${url}/terms`,
            checkout: `${url}/checkout`,
            confirmation: `${url}/confirmation`,
            push: `${url}/push`,
            address_update: `${url}/address`,
          },
        }),
      );
      await env.core.steps.address(order.order_id, { billing_address: FULL_ADDRESS });
      await env.core.steps.complete(order.order_id, { arrival: 'push_first' });
      await expect.poll(() => heads.length).toBe(2);
      const names = (head: string) =>
        head
          .split('\r\n')
          .slice(1)
          .map((line) => line.slice(0, line.indexOf(':')));
      expect(names(heads[0]!)).toEqual(['Host', 'User-Agent', 'Content-Type', 'Content-Length']);
      expect(heads[0]).toMatch(/^POST \/address HTTP\/1.1\r\n/);
      expect(names(heads[1]!)).toEqual(['Host', 'User-Agent', 'Content-Length', 'Content-Type']);
      expect(heads[1]).toMatch(/^POST \/push HTTP\/1.1\r\n/);
    });
  });
});
