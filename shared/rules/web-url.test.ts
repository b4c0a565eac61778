import { describe, expect, it } from 'vitest';
import { interpretUpdateAnswer, interpretValidationAnswer } from './callback-answers';
import { isWebUrl, webHref } from './web-url';

describe('web URLs', () => {
  it('takes absolute http and https addresses, with the order id placeholder anywhere', () => {
    for (const url of [
      'https://shop.example/terms',
      'http://127.0.0.1:4704/kco/push?order_id={checkout.order.id}',
      'https://shop.example/{checkout.order.id}/confirm',
    ])
      expect(isWebUrl(url), url).toBe(true);
  });

  it('refuses javascript:, data:, file:, other schemes and relative paths, and renders none as a link', () => {
    for (const url of [
      'javascript:alert(document.domain)',
      ' JavaScript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'file:///etc/passwd',
      'ftp://shop.example/terms',
      'mailto:a@b.c',
      '/terms',
      'shop.example/terms',
      'https://',
      // The placeholder where an order id cannot go: the port.
      'https://shop.example:{checkout.order.id}/push',
    ]) {
      expect(isWebUrl(url), url).toBe(false);
      expect(webHref(url), url).toBeNull();
    }
    expect(webHref('https://shop.example/t')).toBe('https://shop.example/t');
    expect(webHref(undefined)).toBeNull();
  });
});

describe("a callback's redirect", () => {
  const answer = (location: string) => ({ status: 303, headers: { location }, body: null });
  it('sends the customer only to a web address', () => {
    expect(interpretValidationAnswer(answer('https://shop.example/x'), false, 10_000)).toMatchObject({
      outcome: 'denied',
      redirectUrl: 'https://shop.example/x',
    });
    const evil = interpretValidationAnswer(answer('javascript:alert(1)'), false, 10_000);
    expect(evil).toMatchObject({ outcome: 'denied', redirectUrl: null });
    expect(interpretUpdateAnswer(answer('javascript:alert(1)'), 10_000).outcome).not.toBe('redirected');
    expect(interpretUpdateAnswer(answer('https://shop.example/x'), 10_000)).toEqual({
      outcome: 'redirected',
      url: 'https://shop.example/x',
    });
  });
});
