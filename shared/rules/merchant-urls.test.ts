import { describe, expect, it } from 'vitest';
import type { MerchantUrls } from '../schemas/checkout-order.schema';
import { addressCallbackKey, callbackUrl, expandUrl, nonHttpsProblems, urlWarnings } from './merchant-urls';

const base: MerchantUrls = {
  terms: 'https://shop.test/terms',
  checkout: 'https://shop.test/checkout',
  confirmation: 'https://shop.test/confirm',
  push: 'https://shop.test/push?order={checkout.order.id}',
};

describe('expandUrl', () => {
  it('replaces every {checkout.order.id} with the order id, URL-encoded', () => {
    expect(expandUrl('https://s.test/{checkout.order.id}/x?id={checkout.order.id}', 'a b/c')).toBe(
      'https://s.test/a%20b%2Fc/x?id=a%20b%2Fc',
    );
    expect(expandUrl('https://s.test/none', 'o1')).toBe('https://s.test/none');
  });
});

describe('callbackUrl: every callback is opt-in', () => {
  it('is the registered URL with the order id in it, or undefined when not registered', () => {
    expect(callbackUrl(base, 'push', 'o1')).toBe('https://shop.test/push?order=o1');
    expect(callbackUrl(base, 'validation', 'o1')).toBeUndefined();
  });

  it('address_update falls back to its older name shipping_address_update, and prefers its own', () => {
    const old = { ...base, shipping_address_update: 'https://shop.test/old/{checkout.order.id}' };
    expect(callbackUrl(old, 'address_update', 'o1')).toBe('https://shop.test/old/o1');
    expect(callbackUrl({ ...old, address_update: 'https://shop.test/new' }, 'address_update', 'o1')).toBe(
      'https://shop.test/new',
    );
    // Only address_update has a fallback.
    expect(callbackUrl(old, 'country_change', 'o1')).toBeUndefined();
  });

  it('addressCallbackKey names the key the address callback is registered under', () => {
    expect(addressCallbackKey(base)).toBeUndefined();
    expect(addressCallbackKey({ ...base, shipping_address_update: 'https://a.test' })).toBe(
      'shipping_address_update',
    );
    expect(
      addressCallbackKey({
        ...base,
        address_update: 'https://a.test',
        shipping_address_update: 'https://a.test',
      }),
    ).toBe('address_update');
  });
});

describe('urlWarnings: what production would refuse', () => {
  it('says nothing of https URLs', () => {
    expect(urlWarnings(base)).toEqual([]);
  });

  it('names each callback that is not https, or not a URL at all, in the order of the callbacks', () => {
    expect(
      urlWarnings({
        ...base,
        push: 'http://shop.test/push',
        validation: 'not a url',
        notification: 'http://shop.test/n',
      }),
    ).toEqual([
      'merchant_urls.push is not https: it would be refused in production',
      'merchant_urls.validation is not a valid URL: the call will fail',
      'merchant_urls.notification is not https: it would be refused in production',
    ]);
  });

  it('reads the URL with the placeholder expanded (the placeholder alone is a valid URL once expanded)', () => {
    expect(urlWarnings({ ...base, push: 'https://{checkout.order.id}.shop.test/' })).toEqual([]);
    expect(urlWarnings({ ...base, push: 'https://{checkout.order.id}/' })).toEqual([]);
  });

  it('leaves the pages (terms, checkout, confirmation) alone: they are not callbacks', () => {
    expect(urlWarnings({ ...base, terms: 'http://shop.test/terms' })).toEqual([]);
  });
});

describe('nonHttpsProblems: the production TLS rules at create and update', () => {
  it('is one field problem per callback that is not https, any letter case of the scheme accepted', () => {
    expect(
      nonHttpsProblems({
        push: 'HTTPS://shop.test/p',
        validation: 'http://shop.test/v',
        terms: 'http://x.test',
      }),
    ).toEqual([
      { path: 'merchant_urls.validation', message: 'must be an https URL (the production TLS rules are on)' },
    ]);
    expect(nonHttpsProblems({})).toEqual([]);
  });

  it('wants the scheme at the start, not https somewhere in the URL', () => {
    expect(nonHttpsProblems({ push: 'http://shop.test/https:' }).map((p) => p.path)).toEqual([
      'merchant_urls.push',
    ]);
  });
});
