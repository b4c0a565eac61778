// The shop's doors: a foreign Host is refused (DNS rebinding), and a form posted from another site
// changes nothing (CSRF), while the shop's own pages, scripts without a browser's headers, and the
// checkout's callbacks keep working.
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { crossSiteRefusal, hostCheck } from '../guards.mjs';
import { browser } from './fake-api.mjs';
import { useShop } from './harness.mjs';

const t = useShop();

/** A form post with the headers a browser would add. */
const postForm = (path, form, headers = {}) =>
  fetch(`${t.shop.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(form).toString(),
    redirect: 'manual',
  });

/** A GET with the Host header given (fetch always sends the URL's own). */
const getWithHost = (path, host) =>
  new Promise((resolve, reject) => {
    const r = request(`${t.shop.url}${path}`, { headers: { host } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode, text, cookie: res.headers['set-cookie'] }));
    });
    r.on('error', reject);
    r.end();
  });

const switchesOn = async () =>
  (await browser(t.shop.url).get('/switches')).text.match(/checked/g)?.length ?? 0;

describe('cross-site posts (CSRF)', () => {
  it('refuses a switches form posted from another site with a 403 page, and changes nothing', async () => {
    const form = { soldOut: 'on', neverAcknowledge: 'on' };
    for (const headers of [
      { origin: 'http://evil.test' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site', origin: t.shop.url },
      { 'sec-fetch-site': 'same-site' },
      { referer: 'http://evil.test/page.html' },
    ]) {
      const r = await postForm('/switches', form, headers);
      expect(r.status, JSON.stringify(headers)).toBe(403);
      const text = await r.text();
      expect(text).toContain('data-testid="cross-site-refused"');
      expect(text).toContain('The shop did not act on this form');
    }
    expect(await switchesOn()).toBe(0);
  });

  it('refuses Ship from another site before it calls order management', async () => {
    const r = await postForm('/orders/ship', { order_id: 'o-1' }, { origin: 'http://evil.test' });
    expect(r.status).toBe(403);
    expect(await r.text()).toContain('it was sent from http://evil.test');
    expect(t.api.callsTo(/ordermanagement/)).toEqual([]);
  });

  it('takes the shop’s own forms, a script without a browser’s headers, and the checkout’s callbacks', async () => {
    const own = await postForm(
      '/switches',
      { soldOut: 'on' },
      { origin: t.shop.url, 'sec-fetch-site': 'same-origin' },
    );
    expect(own.status).toBe(303);
    expect(await switchesOn()).toBe(1);
    const referred = await postForm('/switches', {}, { referer: `${t.shop.url}/switches` });
    expect(referred.status).toBe(303);
    expect(await switchesOn()).toBe(0);
    expect((await postForm('/cart/lines', { product: 'enamel-mug', action: 'add' })).status).toBe(303);
    const push = await fetch(`${t.shop.url}/kco/push?order_id=o-1`, {
      method: 'POST',
      headers: { origin: 'http://checkout.example' },
    });
    expect(push.status).not.toBe(403);
  });
});

describe('Host (DNS rebinding)', () => {
  it('answers only to its own names, with a 403 page and no session for another', async () => {
    const port = new URL(t.shop.url).port;
    const foreign = await getWithHost('/', `rebound.evil.test:${port}`);
    expect(foreign.status).toBe(403);
    expect(foreign.text).toContain('data-testid="host-refused"');
    expect(foreign.text).toContain('rebound.evil.test');
    expect(foreign.cookie).toBeUndefined();
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `shop.localhost:${port}`])
      expect((await getWithHost('/', host)).status, host).toBe(200);
  });

  it('also answers to the name it was started with', () => {
    const check = hostCheck('Shop.Example');
    expect(check('shop.example:4704')).toBeNull();
    expect(check('other.example:4704')).toContain('shop.example (--host)');
    expect(hostCheck('0.0.0.0')('10.1.2.3:4704')).toBeNull();
    expect(hostCheck('0.0.0.0')(undefined)).toContain('(no Host header)');
  });
});

describe('crossSiteRefusal', () => {
  it('compares Origin with the Host the request was sent to', () => {
    const req = (headers) => ({ headers: { host: 'localhost:4704', ...headers } });
    expect(crossSiteRefusal(req({ origin: 'http://localhost:4704' }))).toBeNull();
    expect(crossSiteRefusal(req({ origin: 'http://localhost:3000' }))).toBe(
      'it was sent from http://localhost:3000',
    );
    expect(crossSiteRefusal(req({ 'sec-fetch-site': 'none' }))).toBeNull();
  });
});
