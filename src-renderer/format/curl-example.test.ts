import { describe, expect, it } from 'vitest';
import { curlCreateOrder, SAMPLE_ORDER, shellQuote } from './curl-example';

describe('shellQuote', () => {
  it('leaves plain words alone and single-quotes the rest', () => {
    expect(shellQuote('merchant:secret')).toBe('merchant:secret');
    expect(shellQuote('a b')).toBe(`'a b'`);
    expect(shellQuote(`it's`)).toBe(`'it'\\''s'`);
  });
});

describe('curlCreateOrder', () => {
  it('posts the sample order to the checkout API with Basic auth', () => {
    const cmd = curlCreateOrder('http://127.0.0.1:4700/', 'merchant', 'secret');
    expect(cmd.split('\n')).toEqual([
      'curl -u merchant:secret \\',
      `  -H 'Content-Type: application/json' \\`,
      `  -d '${JSON.stringify(SAMPLE_ORDER)}' \\`,
      '  http://127.0.0.1:4700/checkout/v3/orders',
    ]);
  });

  it('trusts the local CA under --tls, so that curl verifies the https API', () => {
    const cmd = curlCreateOrder('https://127.0.0.1:4700', 'merchant', 'secret', '/tmp/My Data/tls/ca.pem');
    expect(cmd.split('\n').slice(0, 2)).toEqual([
      'curl -u merchant:secret \\',
      `  --cacert '/tmp/My Data/tls/ca.pem' \\`,
    ]);
    expect(cmd.endsWith('  https://127.0.0.1:4700/checkout/v3/orders')).toBe(true);
  });

  it('quotes credentials that the shell would split', () => {
    expect(curlCreateOrder('http://h', 'me', 'p w')).toContain(`-u 'me:p w' \\`);
  });
});
