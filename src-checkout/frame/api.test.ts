import { describe, expect, it } from 'vitest';
import { ApiError, createApi, errorFrom } from './api';
import { view } from '../test-kit/view-fixture';

describe('errorFrom', () => {
  it("keeps the server's code, message and field problems", () => {
    const e = errorFrom(400, {
      error: {
        code: 'BAD_VALUE',
        message: 'billing_address.email: is required',
        problems: [{ path: 'billing_address.email', message: 'is required' }, { nonsense: true }],
      },
    });
    expect(e).toBeInstanceOf(ApiError);
    expect([e.kind, e.status, e.code, e.message]).toEqual([
      'http',
      400,
      'BAD_VALUE',
      'billing_address.email: is required',
    ]);
    expect(e.problems).toEqual([{ path: 'billing_address.email', message: 'is required' }]);
    expect(e.fatal).toBe(false);
  });

  it('says something useful for an answer of another shape', () => {
    const e = errorFrom(502, '<html>');
    expect([e.code, e.message]).toEqual(['HTTP_502', 'The checkout answered 502. Please try again.']);
  });

  it('calls 403, 404 and 410 fatal: the token or the order is no longer valid', () => {
    expect([403, 404, 410, 409].map((s) => errorFrom(s, null).fatal)).toEqual([true, true, true, false]);
  });
});

describe('createApi', () => {
  const calls: { url: string; init: RequestInit }[] = [];
  const answer = (status: number, body: unknown) =>
    new Response(body === undefined ? null : JSON.stringify(body), { status });

  it('sends the token, JSON, and the step to its own path', async () => {
    const api = createApi({
      orderId: 'o/1',
      token: 'tok',
      fetch: (url, init) => {
        calls.push({ url: String(url), init: init! });
        return Promise.resolve(answer(200, { outcome: 'applied', view: view() }));
      },
    });
    const r = await api.step('address', { billing_address: {} });
    expect(r.outcome).toBe('applied');
    const c = calls.at(-1)!;
    expect(c.url).toBe('/kco/api/orders/o%2F1/address');
    expect(c.init.method).toBe('POST');
    expect((c.init.headers as Record<string, string>).Authorization).toBe('KlarnaCheckout tok');
    expect(c.init.body).toBe('{"billing_address":{}}');
    expect(api.eventsUrl()).toBe('/kco/api/orders/o%2F1/events?token=tok');
  });

  it('turns an error status into an ApiError', async () => {
    const api = createApi({
      orderId: 'o',
      token: 't',
      fetch: () =>
        Promise.resolve(answer(409, { error: { code: 'STEP_OUT_OF_ORDER', message: 'pay first' } })),
    });
    await expect(api.step('complete', {})).rejects.toMatchObject({ status: 409, message: 'pay first' });
  });

  it('reports a request without an answer as a network error, but not for the event log', async () => {
    let told = 0;
    const api = createApi({
      orderId: 'o',
      token: 't',
      onNetworkError: () => told++,
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await expect(api.view()).rejects.toMatchObject({ kind: 'network', status: 0 });
    expect(told).toBe(1);
    await expect(api.clientEvent({ event: 'load', origin: null })).rejects.toMatchObject({ kind: 'network' });
    expect(told).toBe(1);
  });
});
