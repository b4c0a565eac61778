import { describe, expect, it } from 'vitest';
import { maskCustomerTokens, withCustomerTokensMasked } from './customer-token-mask';

const TOKEN = 'Tk_-0123.~%2F'.repeat(3);

describe('maskCustomerTokens', () => {
  it('masks a token= query value wherever it is, and the KlarnaCheckout authorization', () => {
    expect(maskCustomerTokens(`/kco/frame/o1?token=${TOKEN}`)).toBe('/kco/frame/o1?token=****');
    expect(maskCustomerTokens(`https://shop.test/x?a=1&token=${TOKEN}#f`)).toBe(
      'https://shop.test/x?a=1&token=****#f',
    );
    expect(maskCustomerTokens(`KlarnaCheckout  ${TOKEN}`)).toBe('KlarnaCheckout  ****');
    expect(maskCustomerTokens(`a ?token=${TOKEN} b ?token=${TOKEN}`)).toBe('a ?token=**** b ?token=****');
  });

  it('leaves other text alone: a token word without a query, another parameter, no token', () => {
    for (const text of ['{"token":"abc"}', '/x?mytoken=abc', 'Basic dXNlcjpwYXNz', '', 'KlarnaCheckout']) {
      expect(maskCustomerTokens(text)).toBe(text);
    }
  });
});

describe('withCustomerTokensMasked', () => {
  it('masks both messages, headers and bodies, and keeps the rest of the exchange', () => {
    const e = {
      id: 'x1',
      url: `/kco/frame/o1?token=${TOKEN}`,
      request: { headers: { authorization: `KlarnaCheckout ${TOKEN}` }, body: `{"u":"?token=${TOKEN}"}` },
      response: { headers: { location: `/kco/frame/o1?token=${TOKEN}` }, body: null },
    };
    expect(withCustomerTokensMasked(e)).toEqual({
      id: 'x1',
      url: `/kco/frame/o1?token=${TOKEN}`,
      request: { headers: { authorization: 'KlarnaCheckout ****' }, body: '{"u":"?token=****"}' },
      response: { headers: { location: '/kco/frame/o1?token=****' }, body: null },
    });
    expect(e.request.body).toContain(TOKEN);
  });
});
