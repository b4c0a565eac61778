// Requests to the merchant's server as a browser makes them, with a recording fetch: the order id filled
// in, forms and JSON, one cookie jar per client, redirects answered rather than followed.
import { describe, expect, it } from 'vitest';
import { merchantClient } from './merchant-client';
import type { FetchLike } from './sim-api';

function shop(answers: (() => Response)[]) {
  const seen: { url: string; init: RequestInit }[] = [];
  const fetch: FetchLike = async (url, init) => {
    seen.push({ url, init: init ?? {} });
    return (answers.shift() ?? (() => new Response('ok')))();
  };
  return { seen, fetch };
}

describe('merchantClient', () => {
  it('places a path on the merchant, leaves a full URL alone', () => {
    const m = merchantClient('http://shop.test:3000//');
    expect(m.urlOf('/cart')).toBe('http://shop.test:3000/cart');
    expect(m.urlOf('cart')).toBe('http://shop.test:3000/cart');
    expect(m.urlOf('https://elsewhere/x')).toBe('https://elsewhere/x');
    expect(m.urlOf('http://elsewhere/x')).toBe('http://elsewhere/x');
    expect(m.urlOf('ftp://x')).toBe('http://shop.test:3000/ftp://x');
    expect(m.urlOf('/go?to=http://elsewhere/')).toBe('http://shop.test:3000/go?to=http://elsewhere/');
  });

  it('GETs by default, without following redirects, and answers status, location and body', async () => {
    const s = shop([() => new Response('moved', { status: 303, headers: { location: '/thanks' } })]);
    const m = merchantClient('http://shop.test', s.fetch);
    expect(await m.send({ path: '/confirm?id={order_id}' }, 'o 1')).toEqual({
      status: 303,
      location: '/thanks',
      body: 'moved',
    });
    expect(s.seen[0]!.url).toBe('http://shop.test/confirm?id=o 1');
    expect(s.seen[0]!.init).toMatchObject({ method: 'GET', redirect: 'manual', body: undefined });
    expect(s.seen[0]!.init.headers).toEqual({ 'user-agent': 'checkout-sim-scenarios' });
    expect(s.seen[0]!.init.signal).toBeInstanceOf(AbortSignal);
  });

  it('posts a form or JSON with the order id filled in; without an order the text stays', async () => {
    const s = shop([]);
    const m = merchantClient('http://shop.test', s.fetch);
    await m.send(
      { method: 'POST', path: '/ship/{order_id}', form: { order: '{order_id}', n: '2 & 3' } },
      'o1',
    );
    expect(s.seen[0]!.url).toBe('http://shop.test/ship/o1');
    expect(s.seen[0]!.init.body).toBe('order=o1&n=2+%26+3');
    expect(s.seen[0]!.init.headers).toMatchObject({ 'content-type': 'application/x-www-form-urlencoded' });
    await m.send({ method: 'PUT', path: '/o/{order_id}', json: { id: '{order_id}', n: 1 } }, 'o1');
    expect(s.seen[1]!.init).toMatchObject({ method: 'PUT', body: '{"id":"o1","n":1}' });
    expect(s.seen[1]!.init.headers).toMatchObject({ 'content-type': 'application/json' });
    await m.send({ method: 'POST', path: '/o/{order_id}', json: null }, null);
    expect(s.seen[2]!.url).toBe('http://shop.test/o/{order_id}');
    expect(s.seen[2]!.init.body).toBe('null');
  });

  it('keeps the cookies the merchant sets and sends them back, later values winning', async () => {
    const headers = new Headers();
    headers.append('set-cookie', 'sid=abc; Path=/; HttpOnly');
    headers.append('set-cookie', ' cart = 1=2 ; Path=/');
    headers.append('set-cookie', '=nameless; Path=/');
    headers.append('set-cookie', 'flag');
    const s = shop([
      () => new Response('', { headers }),
      () => new Response('', { headers: { 'set-cookie': 'sid=def' } }),
    ]);
    const m = merchantClient('http://shop.test', s.fetch);
    await m.send({ path: '/' }, null);
    expect(s.seen[0]!.init.headers).not.toHaveProperty('cookie');
    await m.send({ path: '/' }, null);
    expect((s.seen[1]!.init.headers as Record<string, string>).cookie).toBe('sid=abc; cart=1=2');
    await m.send({ path: '/' }, null);
    expect((s.seen[2]!.init.headers as Record<string, string>).cookie).toBe('sid=def; cart=1=2');
    expect((await m.send({ path: '/' }, null)).location).toBeNull();
  });

  it('says which request the merchant did not answer, and why', async () => {
    const m = merchantClient('http://shop.test', async () => {
      throw new TypeError('fetch failed', { cause: new Error('getaddrinfo ENOTFOUND shop.test') });
    });
    const err = await m.send({ method: 'POST', path: '/x' }, null).catch((e: unknown) => e);
    expect((err as Error).message).toBe(
      'the merchant did not answer POST http://shop.test/x: getaddrinfo ENOTFOUND shop.test',
    );
    // The fetch's own error stays reachable, for a stack trace.
    expect((err as Error).cause).toBeInstanceOf(TypeError);
    const plain = merchantClient('http://shop.test', async () => {
      throw new Error('timed out');
    });
    await expect(plain.send({ path: '/y' }, null)).rejects.toThrow(
      'the merchant did not answer GET http://shop.test/y: timed out',
    );
  });
});
