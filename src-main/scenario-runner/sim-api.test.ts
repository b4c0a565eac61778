// The runner's client of a simulator, with a recording fetch in place of the network: the merchant's
// Basic credentials on every call, JSON in and out, and errors that name the call and what was said.
import { describe, expect, it } from 'vitest';
import { describeError, SimCallError, simApi, type FetchLike, type SimRequest } from './sim-api';

interface Seen {
  url: string;
  init: RequestInit;
}
function recording(answer: () => Response | Promise<Response>): { fetch: FetchLike; seen: Seen[] } {
  const seen: Seen[] = [];
  return {
    seen,
    fetch: async (url, init) => {
      seen.push({ url, init: init ?? {} });
      return answer();
    },
  };
}
const credentials = { username: 'merchant', password: 's3cret' };

describe('simApi', () => {
  it('sends the merchant’s Basic credentials and JSON, to the API without a doubled slash', async () => {
    const r = recording(() => new Response('{"ok":true}', { status: 201 }));
    const sim = simApi({ api: 'http://127.0.0.1:4000//', credentials, fetch: r.fetch });
    expect(await sim.call('POST', '/checkout/v3/orders', { a: 1 })).toEqual({
      status: 201,
      body: { ok: true },
    });
    const [call] = r.seen;
    expect(call!.url).toBe('http://127.0.0.1:4000/checkout/v3/orders');
    expect(call!.init.method).toBe('POST');
    expect(call!.init.headers).toEqual({
      authorization: `Basic ${Buffer.from('merchant:s3cret').toString('base64')}`,
      accept: 'application/json',
      'content-type': 'application/json',
    });
    expect(call!.init.body).toBe('{"a":1}');
    expect(call!.init.signal).toBeInstanceOf(AbortSignal);
  });

  it('sends no body and no content type without one; reads an empty answer as null and text as text', async () => {
    let text = '';
    const r = recording(() => new Response(text, { status: 200 }));
    const sim = simApi({ api: 'http://sim', credentials, fetch: r.fetch });
    expect(await sim.call('GET', '/x')).toEqual({ status: 200, body: null });
    expect(r.seen[0]!.init.body).toBeUndefined();
    expect(r.seen[0]!.init.headers).not.toHaveProperty('content-type');
    text = 'not json';
    expect((await sim.call('GET', '/x')).body).toBe('not json');
  });

  it('ok() gives a 2xx body and refuses anything else, naming the call and the error', async () => {
    let status = 204;
    let body = '';
    const sim = simApi({
      api: 'http://sim',
      credentials,
      fetch: async () => new Response(body || null, { status }),
    });
    expect(await sim.ok('DELETE', '/a')).toBeNull();
    status = 200;
    body = '{"n":0}';
    expect(await sim.ok('GET', '/a')).toEqual({ n: 0 });
    status = 299;
    body = '{"n":1}';
    expect(await sim.ok('GET', '/a')).toEqual({ n: 1 });
    status = 300;
    await expect(sim.ok('GET', '/a')).rejects.toThrow(new SimCallError('GET /a answered 300: {"n":1}'));
    status = 404;
    body = '{"error_code":"NOT_FOUND","error_messages":["no such order","really"]}';
    await expect(sim.ok('GET', '/b')).rejects.toThrow('GET /b answered 404: NOT_FOUND no such order; really');
  });

  it('says which simulator did not answer, and why', async () => {
    const down = simApi({
      api: 'http://127.0.0.1:1/',
      credentials,
      fetch: async () => {
        throw new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:1') });
      },
    });
    const err = await down.call('GET', '/test_helpers/clock').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SimCallError);
    expect((err as Error).message).toBe(
      'the simulator at http://127.0.0.1:1 did not answer GET /test_helpers/clock: connect ECONNREFUSED 127.0.0.1:1',
    );
    // The fetch's own error stays reachable, for a stack trace.
    expect((err as Error).cause).toBeInstanceOf(TypeError);
    const plain = simApi({
      api: 'http://sim',
      credentials,
      fetch: async () => {
        throw new Error('aborted');
      },
    });
    await expect(plain.ok('GET', '/x')).rejects.toThrow(
      'the simulator at http://sim did not answer GET /x: aborted',
    );
  });
});

describe('simApi on a transport of its own', () => {
  it('gives the transport the whole URL, a null body when there is none, and the body as JSON text', async () => {
    const sent: SimRequest[] = [];
    const sim = simApi({
      api: 'http://sim/',
      credentials,
      transport: async (req) => {
        sent.push(req);
        return { status: 200, text: '{}' };
      },
    });
    await sim.call('GET', '/x');
    await sim.call('POST', '/y', { a: 1 });
    expect(sent.map((r) => [r.method, r.url, r.body])).toEqual([
      ['GET', 'http://sim/x', null],
      ['POST', 'http://sim/y', '{"a":1}'],
    ]);
  });
});

describe('describeError', () => {
  it('says the provider’s error, a control error’s message, or the text', () => {
    expect(describeError({ error_code: 'BAD_VALUE', error_messages: ['a', 'b'] })).toBe('BAD_VALUE a; b');
    expect(describeError({ error_messages: ['only'] })).toBe('only');
    expect(describeError({ message: 'no such device' })).toBe('no such device');
    expect(describeError({ message: 5 })).toBe('{"message":5}');
    expect(describeError('x'.repeat(400))).toBe('x'.repeat(300));
    expect(describeError({ long: 'y'.repeat(400) })).toHaveLength(300);
    expect(describeError(null)).toBe('null');
    expect(describeError(undefined)).toBe('');
  });
});
