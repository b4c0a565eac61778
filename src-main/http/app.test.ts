import { describe, expect, it } from 'vitest';
import { bodyHash } from '../core/exchanges/body-hash';
import type { BodyHashes, ExchangeEntry } from '../core/exchanges/exchange-log';
import { App } from './app';
import type { HttpRequest } from './router';

const request = (body: string | null = null): HttpRequest => ({
  method: 'POST',
  path: '/x',
  search: '',
  headers: { authorization: 'Basic c2VjcmV0', host: 'h' },
  body: body === null ? null : Buffer.from(body),
});

function app(route: (text: string) => { body: string; hash?: string; requestHash?: string }) {
  const recorded: { e: ExchangeEntry; hashes?: BodyHashes }[] = [];
  const a = new App({
    onError: () => ({ status: 500 }),
    notFound: () => ({ status: 404 }),
    record: (e, hashes) => recorded.push({ e, hashes }),
  });
  a.route('POST', '/x', 'x', (c) => {
    const text = c.req.body?.toString('utf8') ?? '';
    const r = route(text);
    if (r.requestHash) c.meta.requestBody = { text, hash: r.requestHash };
    return { status: 200, body: r.body, bodyHash: r.hash };
  });
  return { a, recorded };
}

describe('App: the exchange it records', () => {
  it('passes known body hashes on with bodies logged whole, and masks the authorization header', () => {
    const { a, recorded } = app(() => ({ body: '{"a":1}', hash: 'H1', requestHash: 'R1' }));
    a.handle(request('{"q":2}'));
    a.handle(request('{"q":2}'));
    expect(recorded.map((r) => r.hashes)).toEqual([
      { request: 'R1', response: 'H1' },
      { request: 'R1', response: 'H1' },
    ]);
    expect(recorded[1]!.e.request).toEqual({
      headers: { authorization: 'Basic ****', host: 'h' },
      body: '{"q":2}',
    });
    expect(recorded[1]!.e.response.body).toBe('{"a":1}');
  });

  it('masks a secret in a body even when its hash is known, and passes the masked text’s hash on', () => {
    const { a, recorded } = app(() => ({
      body: '{"token":"abc"}',
      hash: 'H2',
      requestHash: 'R2',
    }));
    a.handle(request('{"password":"pw"}'));
    expect(recorded[0]!.e.response.body).toBe('{"token":"****"}');
    expect(recorded[0]!.e.request.body).toBe('{"password":"****"}');
    expect(recorded[0]!.hashes).toEqual({
      request: bodyHash('{"password":"****"}'),
      response: bodyHash('{"token":"****"}'),
    });
  });

  it('masks the customer token in an order’s html_snippet, every time the same order is read', () => {
    const token = 'AbC-_123'.repeat(4);
    const snippet =
      `<script>l = {"ORDER_URL":"http://127.0.0.1:4703/kco/frame/o-1?token=${token}",` +
      `"AUTH_HEADER":"KlarnaCheckout ${token}"}</script>`;
    const body = JSON.stringify({ order_id: 'o-1', html_snippet: snippet });
    const { a, recorded } = app(() => ({ body, hash: 'H3' }));
    a.handle(request('{}'));
    a.handle(request('{}'));
    for (const r of recorded) {
      expect(r.e.response.body).not.toContain(token);
      expect(r.e.response.body).toContain('/kco/frame/o-1?token=****');
      expect(r.e.response.body).toContain('KlarnaCheckout ****');
      expect(r.hashes?.response).toBe(bodyHash(r.e.response.body!));
    }
  });

  it('records the request body without a hash when the handler knows none', () => {
    const { a, recorded } = app(() => ({ body: '{}' }));
    a.handle(request('{"q":3}'));
    expect(recorded[0]!.e.request.body).toBe('{"q":3}');
    expect(recorded[0]!.hashes).toBeUndefined();
  });

  it('logs the masked headers of a request read off the wire as JSON, cached by its header lines', () => {
    const { a, recorded } = app(() => ({ body: '{}' }));
    const wire = (block: string, headers: HttpRequest['headers']) => ({
      ...request(),
      headers,
      headerBlock: block,
    });
    a.handle(
      wire('Host: h\r\nAuthorization: Basic c2VjcmV0', { host: 'h', authorization: 'Basic c2VjcmV0' }),
    );
    // The same lines are the same headers: the second is not masked and serialized again.
    a.handle(wire('Host: h\r\nAuthorization: Basic c2VjcmV0', { host: 'not looked at' }));
    a.handle(wire('Host: g', { host: 'g' }));
    const logged = recorded.map((r) => r.e.request.headers);
    expect(logged).toEqual([
      '{"host":"h","authorization":"Basic ****"}',
      '{"host":"h","authorization":"Basic ****"}',
      '{"host":"g"}',
    ]);
  });
});

describe('App: HEAD', () => {
  it('answers HEAD on a GET route as GET, logs no body, and lists HEAD where GET is allowed', () => {
    const recorded: ExchangeEntry[] = [];
    const a = new App({
      onError: () => ({ status: 500 }),
      notFound: (_req, allowed) => ({
        status: allowed.length > 0 ? 405 : 404,
        headers: { allow: allowed.join(', ') },
      }),
      record: (e) => recorded.push(e),
    });
    a.route('GET', '/doc', 'doc.read', () => ({ status: 200, body: '{"a":1}', bodyHash: 'H' }));
    a.route('POST', '/doc', 'doc.write', () => ({ status: 201 }));
    const head = a.handle({ method: 'HEAD', path: '/doc', search: '', headers: {}, body: null });
    expect(head).toMatchObject({ status: 200, body: '{"a":1}' });
    expect([recorded[0]!.method, recorded[0]!.kind, recorded[0]!.response.body]).toEqual([
      'HEAD',
      'doc.read',
      null,
    ]);
    const put = a.handle({ method: 'PUT', path: '/doc', search: '', headers: {}, body: null });
    expect(put).toMatchObject({ status: 405, headers: { allow: 'GET, POST, HEAD' } });
    const missing = a.handle({ method: 'HEAD', path: '/nothing', search: '', headers: {}, body: null });
    expect(missing).toMatchObject({ status: 404 });
  });
});
