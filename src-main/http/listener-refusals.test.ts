import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answers, raw, type Answer } from '../net/test-kit/wire-sockets';
import { listenedCore, TEST_HTTP_SERVERS } from '../test-kit/http-servers';

// What the HTTP server refuses by itself (a request it cannot read, a head over the limit) is an answer
// of the API like any other: the API's error shape, and on the provider API its correlation id, over the
// simulator's own server and over node:http alike. `{}GET` is what a real client library sent on a
// kept-alive socket after a body it miscounted.
const AUTH = `Basic ${Buffer.from('merchant:secret').toString('base64')}`;
const GOOD = `GET /checkout/v3/orders/none HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${AUTH}\r\n\r\n`;
const MALFORMED = '{}GET /checkout/v3/orders HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';
const portOf = (url: string) => Number(new URL(url).port);
const json = (a: Answer) => JSON.parse(a.body) as Record<string, unknown>;

describe.each(TEST_HTTP_SERVERS)('refusals of the %s server', (http) => {
  let env: Awaited<ReturnType<typeof listenedCore>>;
  beforeAll(async () => {
    env = await listenedCore(http);
  });
  afterAll(async () => {
    await env.l.close();
    await env.env.dispose();
  });

  /** The provider API's error shape, its correlation id in the header and the body alike. */
  const expectCheckoutShape = (a: Answer, status: number, code: string) => {
    expect(a.headers['content-type']).toBe('application/json');
    const body = json(a);
    expect([a.status, body.error_code]).toEqual([status, code]);
    expect((body.error_messages as string[])[0]).toMatch(/\w/);
    expect(body.correlation_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.headers['klarna-correlation-id']).toBe(body.correlation_id);
    expect(a.headers.connection).toBe('close');
  };

  it('answers a malformed request line on a kept-alive socket in the API error shape', async () => {
    const got = answers(await raw(portOf(env.l.urls.api), [GOOD, MALFORMED]));
    expect(got.map((a) => a.status)).toEqual([404, 400]);
    expectCheckoutShape(got[1]!, 400, 'BAD_REQUEST');
  });

  it('answers a malformed first request and a head over the limit in the API error shape', async () => {
    const [bad] = answers(await raw(portOf(env.l.urls.api), [MALFORMED]));
    expectCheckoutShape(bad!, 400, 'BAD_REQUEST');
    const huge = `GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`;
    const [big] = answers(await raw(portOf(env.l.urls.api), [huge]));
    expectCheckoutShape(big!, 431, 'REQUEST_HEADER_FIELDS_TOO_LARGE');
  });

  it("answers the fake integrator's refusals in its own shape", async () => {
    const [bad] = answers(await raw(portOf(env.l.urls.integrator), [MALFORMED]));
    expect([bad!.status, bad!.headers['content-type']]).toEqual([400, 'application/json']);
    expect(json(bad!).failure_reason).toMatch(/^bad_request: \S/);
  });
});
