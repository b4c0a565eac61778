// The shop answers through handle() without a socket: its route table, its guards, its callbacks.
import { describe, expect, it } from 'vitest';
import { useShop } from './harness.mjs';

const t = useShop();

const host = () => new URL(t.shop.url).host;
const get = (url, headers = {}) =>
  t.shop.handle({ method: 'GET', url, headers: { host: host(), ...headers }, body: '' });
const post = (url, body, headers = {}) =>
  t.shop.handle({
    method: 'POST',
    url,
    headers: { host: host(), 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body,
  });

describe('the shop through handle()', () => {
  it('serves a page of its route table, starting the visitor’s session with a cookie', async () => {
    const home = await get('/');
    expect(home.status).toBe(200);
    expect(home.headers['Content-Type']).toBe('text/html; charset=utf-8');
    expect(home.headers['Set-Cookie']).toMatch(/HttpOnly; SameSite=Lax$/);
    expect(String(home.body)).toContain('data-testid');
  });

  it('adds to the cart by a form post answered with a redirect, and the cart then shows it', async () => {
    const cookie = (await get('/')).headers['Set-Cookie'].split(';')[0];
    const added = await post('/cart/lines', 'product=tea-towel&action=add', { cookie });
    expect([added.status, added.headers.Location]).toEqual([303, '/cart']);
    const cart = await get('/cart', { cookie });
    expect(cart.status).toBe(200);
    expect(String(cart.body)).toMatch(/Tea towel/i);
  });

  it('answers an unknown page 404, a foreign Host 403 and a malformed escape 400', async () => {
    expect((await get('/nowhere')).status).toBe(404);
    expect((await get('/', { host: 'rebound.evil.test' })).status).toBe(403);
    expect((await get('/cart%ZZ')).status).toBe(400);
  });

  it('refuses a form posted from another site, and a body too large', async () => {
    const cross = await post('/switches', 'limited_stock=on', { 'sec-fetch-site': 'cross-site' });
    expect(cross.status).toBe(403);
    const huge = await t.shop.handle({
      method: 'POST',
      url: '/kco/push?order_id=x',
      headers: { host: host() },
      body: null,
    });
    expect([huge.status, JSON.parse(huge.body)]).toEqual([413, { error: 'Body too large.' }]);
  });

  it('answers a callback that is not JSON in JSON, naming what is wrong', async () => {
    const bad = await t.shop.handle({
      method: 'POST',
      url: '/kco/push?order_id=x',
      headers: { host: host(), 'content-type': 'application/json' },
      body: '{',
    });
    expect([bad.status, JSON.parse(bad.body)]).toEqual([400, { error: 'The body is not JSON.' }]);
  });
});
