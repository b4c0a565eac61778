import { describe, expect, it } from 'vitest';
import { certificateViolation, httpViolation, TLS_RULE, tlsClassOf } from './production-tls';

describe('tlsClassOf: which transport rules a call falls under', () => {
  it('push and notification are server to server after the purchase', () => {
    expect(tlsClassOf('push')).toBe('after-purchase');
    expect(tlsClassOf('notification')).toBe('after-purchase');
  });

  it.each([
    [
      'checkout',
      ['address_update', 'shipping_address_update', 'country_change', 'shipping_option_update', 'validation'],
    ],
    ['upsell', ['upsell', 'upsell_validation', 'upsell_notification']],
  ])('every %s callback made while the customer waits is in-session', (_flow, kinds) => {
    for (const kind of kinds) expect(tlsClassOf(kind), kind).toBe('in-session');
  });

  it('calls that are not callbacks (the integrator, an unknown kind) have none', () => {
    expect(tlsClassOf('shipping_options')).toBeNull();
    expect(tlsClassOf('')).toBeNull();
  });
});

describe('the violations, refused or only flagged', () => {
  it('a plain-http URL names the callback field under the spec rule', () => {
    expect(TLS_RULE).toBe('checkout-callbacks.authentication');
    expect(httpViolation('push', true)).toEqual({
      rule: TLS_RULE,
      path: 'merchant_urls.push',
      message:
        'push URL is not https: refused by the production TLS rules (callbacks need https with a valid certificate)',
    });
    expect(httpViolation('validation', false)).toEqual({
      rule: TLS_RULE,
      path: 'merchant_urls.validation',
      message:
        'validation URL is not https: delivered here, but it would fail in production (callbacks need https with a valid certificate)',
    });
  });

  it('an untrusted certificate says why, and how to have your own CA trusted when refused', () => {
    const refused = certificateViolation('push', 'self-signed certificate', true);
    expect(refused.rule).toBe(TLS_RULE);
    expect(refused.path).toBe('merchant_urls.push');
    expect(refused.message).toBe(
      'push refused by the production TLS rules (checkout-callbacks.authentication): the certificate is not trusted (self-signed certificate); a self-signed certificate may work in-session but fails push (a certificate of your own CA is trusted when the simulator is given it with --merchant-ca)',
    );
    expect(certificateViolation('validation', 'expired', false)).toEqual({
      rule: TLS_RULE,
      path: 'merchant_urls.validation',
      message:
        'validation certificate is not trusted (expired): delivered here, but it would fail in production (a self-signed certificate fails push)',
    });
  });
});
