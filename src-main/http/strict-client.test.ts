import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FULL_ADDRESS } from '../test-kit/session-env';
import { listenersOver, TEST_HTTP_SERVERS } from '../test-kit/http-servers';
import { basic, sampleOrder, tempCore } from '../test-kit/temp-core';
import type { Listeners } from './listen';

/*
 * A whole order's life through a client that reads header names case-sensitively, as the provider's
 * official Java library does: its ApiResponse keeps the header map that HttpURLConnection.getHeaderFields()
 * returns, keyed by the names exactly as received, and reads `headers.get("Location")`,
 * `headers.get("Capture-Id")`. A server that answers `location:` leaves such a client with null. The
 * client below is that behaviour in a few lines over a raw socket: no library in between normalises
 * anything.
 */

interface StrictResponse {
  status: number;
  /** Header names as received; lookups are case-sensitive, as in a Java Map<String, List<String>>. */
  headers: Map<string, string>;
  body: unknown;
}

function request(base: string, method: string, path: string, body?: unknown): Promise<StrictResponse> {
  const { hostname, port } = new URL(base);
  const text = body === undefined ? '' : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const split = raw.indexOf('\r\n\r\n');
      const [statusLine, ...lines] = raw.slice(0, split).split('\r\n');
      const headers = new Map<string, string>();
      for (const line of lines)
        headers.set(line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim());
      const payload = raw.slice(split + 4);
      resolve({
        status: Number(statusLine!.split(' ')[1]),
        headers,
        body: payload ? JSON.parse(payload) : null,
      });
    });
    socket.write(
      `${method} ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAuthorization: ${basic()}\r\n` +
        `User-Agent: Library/Klarna.kco_rest_java (strict-client test)\r\nConnection: close\r\n` +
        (text ? `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(text)}\r\n` : '') +
        `\r\n${text}`,
    );
  });
}

let env: ReturnType<typeof tempCore>;
let l: Listeners;
let api: string;
/** The client's own checks on every answer: the status it expects, and a correlation id to quote to support. */
async function call(method: string, path: string, status: number, body?: unknown): Promise<StrictResponse> {
  const r = await request(api, method, path, body);
  expect(r.status, `${method} ${path}: ${JSON.stringify(r.body)}`).toBe(status);
  expect(r.headers.get('Klarna-Correlation-Id'), `${method} ${path}`).toMatch(/^[0-9a-f-]{36}$/);
  return r;
}
const pathOf = (url: string | undefined) => new URL(url!).pathname;

describe.each(TEST_HTTP_SERVERS)('over the %s server', (http) => {
  beforeAll(async () => {
    env = tempCore();
    l = await listenersOver(env.core, http);
    api = l.urls.api;
  });
  afterAll(async () => {
    await l.close();
    env.dispose();
  });

  describe('a whole order through a client that reads headers case-sensitively', () => {
    it('create, read, update, pay, then every order-management operation, and the final state', async () => {
      const created = await call(
        'POST',
        '/checkout/v3/orders',
        201,
        sampleOrder({ merchant_reference2: 'R2' }),
      );
      const location = created.headers.get('Location');
      expect(location).toBeDefined();
      const order = (await call('GET', pathOf(location), 200)).body as {
        order_id: string;
        order_lines: object[];
      };
      const id = order.order_id;
      const line = {
        ...(order.order_lines[0] as object),
        quantity: 3,
        total_amount: 75000,
        total_tax_amount: 15000,
      };
      const updated = await call('POST', `/checkout/v3/orders/${id}`, 200, {
        order_amount: 75000,
        order_tax_amount: 15000,
        order_lines: [line],
        merchant_data: '{"basket":"b-1"}',
      });
      expect((updated.body as { order_amount: number }).order_amount).toBe(75000);

      // The customer pays (the automation API plays the customer; it is the simulator's, with no correlation id).
      const address = await request(api, 'POST', `/test_helpers/checkout/orders/${id}/address`, {
        billing_address: FULL_ADDRESS,
      });
      expect((address.body as { outcome: string }).outcome).toBe('applied');
      const done = await request(api, 'POST', `/test_helpers/checkout/orders/${id}/complete`, {});
      expect((done.body as { outcome: string }).outcome).toBe('completed');
      const readOnly = await request(api, 'POST', `/checkout/v3/orders/${id}`, { merchant_reference1: 'x' });
      expect([readOnly.status, (readOnly.body as { error_code: string }).error_code]).toEqual([
        403,
        'READ_ONLY_ORDER',
      ]);

      const om = `/ordermanagement/v1/orders/${id}`;
      const read = (await call('GET', om, 200)).body as Record<string, unknown>;
      expect(read).toMatchObject({ status: 'AUTHORIZED', order_amount: 75000, merchant_reference2: 'R2' });
      expect(read.merchant_data).toBe('{"basket":"b-1"}');
      await call('PATCH', `${om}/merchant-references`, 204, { merchant_reference1: 'SHOP-1' });
      await call('POST', `${om}/acknowledge`, 204);
      await call('POST', `${om}/extend-authorization-time`, 204);
      const smaller = { ...line, quantity: 2, total_amount: 50000, total_tax_amount: 10000 };
      await call('PATCH', `${om}/authorization`, 204, { order_amount: 50000, order_lines: [smaller] });
      await call('PATCH', `${om}/customer-details`, 204, {
        shipping_address: { ...FULL_ADDRESS, email: 'new@example.se', phone: '+46 70 000 00 00' },
      });
      await call('POST', `${om}/shipping-info`, 204, {
        shipping_info: [{ shipping_company: 'PostNord', tracking_number: 'PN1' }],
      });

      const capture = await call('POST', `${om}/captures`, 201, {
        captured_amount: 25000,
        description: 'First box',
      });
      const captureId = capture.headers.get('Capture-Id');
      expect(captureId).toMatch(/^[0-9a-f-]{36}$/);
      expect(pathOf(capture.headers.get('Location'))).toBe(`${om}/captures/${captureId}`);
      expect((await call('GET', `${om}/captures/${captureId}`, 200)).body).toMatchObject({
        captured_amount: 25000,
      });
      const cap = `${om}/captures/${captureId}`;
      await call('POST', `${cap}/shipping-info`, 204, {
        shipping_info: [{ shipping_company: 'PostNord', tracking_number: 'PN2' }],
      });
      await call('POST', `${cap}/trigger-send-out`, 204);
      const options = (await call('GET', `${cap}/extend-due-date-options`, 200)).body as {
        options: { number_of_days: number }[];
      };
      expect(options.options.length).toBeGreaterThan(0);
      await call('PATCH', `${cap}/extend-due-date`, 204, {
        number_of_days: options.options[0]!.number_of_days,
      });
      await call('POST', `${om}/release-remaining-authorization`, 204);

      const refund = await call('POST', `${om}/refunds`, 201, {
        refunded_amount: 5000,
        description: 'A dent',
      });
      const refundId = refund.headers.get('Refund-Id');
      expect(pathOf(refund.headers.get('Location'))).toBe(`${om}/refunds/${refundId}`);
      expect((await call('GET', `${om}/refunds/${refundId}`, 200)).body).toMatchObject({
        refunded_amount: 5000,
      });

      const final = (await call('GET', om, 200)).body as Record<string, unknown>;
      expect(final).toMatchObject({
        status: 'CAPTURED',
        order_amount: 50000,
        original_order_amount: 75000,
        captured_amount: 25000,
        refunded_amount: 5000,
        remaining_authorized_amount: 0,
        merchant_reference1: 'SHOP-1',
        shipping_address: { email: 'new@example.se' },
      });
      expect(final.shipping_info).toEqual([expect.objectContaining({ tracking_number: 'PN1' })]);
      expect(final.captures).toEqual([
        expect.objectContaining({
          capture_id: captureId,
          shipping_info: [expect.objectContaining({ tracking_number: 'PN2' })],
          refunded_amount: 5000,
        }),
      ]);
    });
  });
});
