// Requests no checkout would send, as a fuzz or a hostile page sends them: the shop refuses each with a
// 4xx saying why, and goes on answering.
import { describe, expect, it } from 'vitest';
import { useShop } from './harness.mjs';

const t = useShop();

const raw = (path, init = {}) => fetch(`${t.shop.url}${path}`, init);
const post = (name, text) =>
  raw(`/kco/${name}?order_id=order-1`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: text,
  });

describe('a callback whose body is JSON but not an object', () => {
  it('is a 400 saying so, for every callback, and the next callback is answered', async () => {
    for (const name of [
      'address_update',
      'country_change',
      'shipping_option_update',
      'validation',
      'notification',
    ]) {
      for (const text of ['null', '[]', '5', '"x"']) {
        const r = await post(name, text);
        expect([name, text, r.status]).toEqual([name, text, 400]);
        expect(await r.json()).toEqual({ error: 'The body is not a JSON object.' });
      }
    }
    expect((await t.callback('push')).status).toBe(200);
  });
});

describe('a malformed percent-escape in the address', () => {
  it('is a 400 naming it: a page for a page, JSON for a callback', async () => {
    const page = await raw('/confirmation?order_id=%E0%A4%A');
    expect(page.status).toBe(400);
    expect(await page.text()).toContain('malformed percent-escape in &#39;%E0%A4%A&#39;');
    const cb = await post('validation%ZZ', '{}');
    expect([cb.status, await cb.json()]).toEqual([
      400,
      { error: "The address has a malformed percent-escape in 'validation%ZZ'." },
    ]);
    expect((await raw('/')).status).toBe(200);
  });
});
