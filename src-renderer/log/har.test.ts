import { type Exchange } from '@shared/schemas/exchange.schema';
import { describe, expect, it } from 'vitest';
import { absoluteUrl, harFileName, toHar } from './har';

const BASES = { api: 'http://127.0.0.1:4700', integrator: 'http://127.0.0.1:4702/' };
const WALL = Date.UTC(2025, 10, 25, 5, 41, 1, 478);

const ex = (over: Partial<Exchange> = {}): Exchange => ({
  id: `ex_${WALL.toString(36).padStart(9, '0')}0000`,
  order_id: 'o1',
  direction: 'in',
  kind: 'checkout.create',
  method: 'POST',
  url: '/checkout/v3/orders?x=1&y=two%20words',
  status: 201,
  duration_ms: 12.5,
  at: '2026-11-25T05:41:01.478Z',
  request: {
    headers: { 'content-type': 'application/json', authorization: 'Basic ****' },
    body: '{"a":"å"}',
  },
  response: {
    headers: { 'Content-Type': 'application/json', Location: '/checkout/v3/orders/o1' },
    body: '{}',
  },
  outcome: 'created',
  violations: [],
  ...over,
});

describe('toHar', () => {
  it('writes HAR 1.2 entries oldest first, with whole URLs, query, bodies and sizes', () => {
    const newer = ex({ id: 'ex_0000000010000', at: '2026-11-25T05:42:00.000Z' });
    const har = toHar([newer, ex()], BASES, '0.1.0');
    expect(har.log.version).toBe('1.2');
    expect(har.log.creator).toEqual({ name: 'Checkout Simulator', version: '0.1.0' });
    const [first, second] = har.log.entries;
    expect(second!.startedDateTime).toBe('2026-11-25T05:42:00.000Z');
    expect(first!.request.url).toBe('http://127.0.0.1:4700/checkout/v3/orders?x=1&y=two%20words');
    expect(first!.request.queryString).toEqual([
      { name: 'x', value: '1' },
      { name: 'y', value: 'two words' },
    ]);
    expect(first!.request.postData).toEqual({ mimeType: 'application/json', text: '{"a":"å"}' });
    expect(first!.request.bodySize).toBe(10);
    expect(first!.response.content).toEqual({ size: 2, mimeType: 'application/json', text: '{}' });
    expect(first!.response.redirectURL).toBe('/checkout/v3/orders/o1');
    expect(first!.timings).toEqual({ send: 0, wait: 12.5, receive: 0 });
    expect(first!.time).toBe(12.5);
    expect(first!._simulator.wall_time).toBe('2025-11-25T05:41:01.478Z');
    // What a HAR reader needs is all JSON: it survives a round trip unchanged.
    expect(JSON.parse(JSON.stringify(har))).toEqual(har);
  });

  it('masks customer tokens, even in an exchange logged before the log masked them', () => {
    const token = 'Tk_-0123'.repeat(4);
    const snippet = `{"ORDER_URL":"http://127.0.0.1:4703/kco/frame/o1?token=${token}"}`;
    const old = ex({
      request: { headers: { authorization: `KlarnaCheckout ${token}` }, body: null },
      response: { headers: {}, body: JSON.stringify({ html_snippet: snippet }) },
    });
    const har = toHar([old], BASES, '0.1.0');
    expect(JSON.stringify(har)).not.toContain(token);
    expect(har.log.entries[0]!.response.content.text).toContain('/kco/frame/o1?token=****');
    expect(har.log.entries[0]!.request.headers).toEqual([
      { name: 'authorization', value: 'KlarnaCheckout ****' },
    ]);
  });

  it('masks a customer token in the request body (postData) and keeps its size the masked one', () => {
    const token = 'Tk_-0123'.repeat(4);
    const body = JSON.stringify({ customer_url: `http://127.0.0.1:4703/kco/frame/o1?token=${token}` });
    const har = toHar(
      [ex({ request: { headers: { 'content-type': 'application/json' }, body } })],
      BASES,
      '0.1.0',
    );
    const request = har.log.entries[0]!.request;
    const masked = JSON.stringify({ customer_url: 'http://127.0.0.1:4703/kco/frame/o1?token=****' });
    expect(request.postData).toEqual({ mimeType: 'application/json', text: masked });
    expect(request.bodySize).toBe(masked.length);
    expect(JSON.stringify(har)).not.toContain(token);
  });

  it('records no answer as status 0 and a GET without body without postData', () => {
    const [entry] = toHar(
      [
        ex({
          direction: 'out',
          kind: 'push',
          method: 'GET',
          url: 'https://shop.example/push',
          status: null,
          request: { headers: {}, body: null },
          response: { headers: {}, body: null },
        }),
      ],
      BASES,
      '0.1.0',
    ).log.entries;
    expect(entry!.response.status).toBe(0);
    expect(entry!.request.postData).toBeUndefined();
    expect(entry!.response.content).toEqual({ size: 0, mimeType: '' });
    expect(entry!.comment).toBe('sent by the simulator: push (created)');
  });
});

describe('absoluteUrl', () => {
  it('puts inbound paths on the listener that served them', () => {
    expect(absoluteUrl({ direction: 'in', kind: 'integrator.auth', url: '/auth' }, BASES)).toBe(
      'http://127.0.0.1:4702/auth',
    );
    expect(absoluteUrl({ direction: 'out', kind: 'push', url: 'https://a.example/p' }, BASES)).toBe(
      'https://a.example/p',
    );
  });
});

describe('harFileName', () => {
  it('names the file after what it holds and when', () => {
    expect(harFileName('order 123/abc', new Date(Date.UTC(2026, 0, 2, 3, 4, 5)))).toBe(
      'checkout-sim-order-123-abc-2026-01-02-03-04-05.har',
    );
  });
});
