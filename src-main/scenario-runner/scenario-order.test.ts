import { describe, expect, it } from 'vitest';
import { parseScenario } from './scenario-file';
import { callbacksMissing, DEFAULT_MERCHANT_PATHS, merchantPaths } from './scenario-order';
import { merchantOf } from './run-scenarios';

const scenario = (order: string, expect = '[{ push_attempts: {} }]') =>
  parseScenario(`name: x\norder: ${order}\nsteps: []\nexpect: ${expect}\n`, 'a.yaml');

describe('order.merchant_urls', () => {
  it('adds to the sample shop’s defaults (it used to replace them, dropping address_update and the rest)', () => {
    const s = scenario('{ merchant_urls: { validation: /my/validation } }');
    expect(merchantPaths(s.order!)).toEqual({ ...DEFAULT_MERCHANT_PATHS, validation: '/my/validation' });
  });

  it('removes a callback whose key is set to null', () => {
    const paths = merchantPaths(scenario('{ merchant_urls: { address_update: null } }').order!);
    expect(paths).not.toHaveProperty('address_update');
    expect(paths.push).toBe(DEFAULT_MERCHANT_PATHS.push);
  });

  it('adds to the create body’s own merchant_urls when it has them, not to the defaults', () => {
    const s = scenario('{ create: { merchant_urls: { push: /p } }, merchant_urls: { terms: /t } }');
    expect(merchantPaths(s.order!)).toEqual({ push: '/p', terms: '/t' });
  });

  it('names each expectation on a callback the order then lacks, and how to fix it', () => {
    const s = scenario(
      '{ merchant_urls: { address_update: null } }',
      '[{ callback: { name: push } }, { callback: { name: address_update } }]',
    );
    expect(callbacksMissing(s, merchantPaths(s.order!))).toEqual([
      'expect[1] judges the address_update callback, but the order has no merchant_urls.address_update (order.merchant_urls sets it to null, or order.create.merchant_urls leaves it out): give it a path, or drop the expectation',
    ]);
  });
});

describe('merchant_url', () => {
  it('is the merchant a file runs against unless --merchant-url overrides it', () => {
    const s = parseScenario(
      'name: x\nmerchant_url: http://localhost:3000/\nsteps: []\nexpect: [{ push_attempts: {} }]\n',
      'a.yaml',
    );
    expect(merchantOf(s, { merchantUrl: 'http://shop.test' })).toBe('http://localhost:3000');
    expect(merchantOf(s, { merchantUrl: 'http://other.test', merchantOverride: true })).toBe(
      'http://other.test',
    );
    expect(merchantOf({}, { merchantUrl: 'http://shop.test' })).toBe('http://shop.test');
  });

  it('refuses what is not an http(s) URL, naming the field', () => {
    expect(() =>
      parseScenario(
        'name: x\nmerchant_url: localhost:3000\nsteps: []\nexpect: [{ push_attempts: {} }]\n',
        'a.yaml',
      ),
    ).toThrow(/merchant_url \(a\.yaml:2:15\): must be an http or https URL/);
  });
});
