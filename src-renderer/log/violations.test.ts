import { describe, expect, it } from 'vitest';
import { TLS_RULE } from '@shared/rules/production-tls';
import { plainViolation, violationHeadline, violationSubject } from './violations';

describe('plainViolation', () => {
  it('says what the rule is and where it broke', () => {
    const v = plainViolation({
      rule: 'conventions.arithmetic',
      path: 'order_amount',
      message: 'must equal 600',
    });
    expect(v.title).toMatch(/^Cart arithmetic/);
    expect(v.where).toBe('order_amount');
    expect(plainViolation({ rule: 'errors.status', path: '(body)', message: 'answered 500' }).where).toBe(
      'the response body',
    );
  });

  it('keeps an unknown rule by its id', () => {
    expect(plainViolation({ rule: 'new.rule', path: 'x', message: 'm' }).title).toBe('Rule new.rule');
  });

  it('words the shipping integrator rules and says the integrator broke them', () => {
    const v = plainViolation({
      rule: 'shipping-integrator-api#post-shippingoptions',
      path: 'shipping_options[0].preview',
      message: 'must be true in an answer to a preview request',
    });
    expect(v.title).toMatch(/^The shipping options answer must be one JSON object/);
    expect(plainViolation({ rule: 'GAPS#shipping-integrator-api', path: '', message: 'm' }).title).toMatch(
      /GAPS\.md/,
    );
    expect(violationSubject({ direction: 'out', kind: 'shipping.options.preview' })).toBe(
      'The integrator’s answer',
    );
    expect(violationSubject({ direction: 'out', kind: 'address_update' })).toBe('Your server’s answer');
    expect(violationSubject({ direction: 'in', kind: 'api.create' })).toBe('This request');
  });
});

describe('violationHeadline', () => {
  const v = (rule: string) => ({ rule, path: 'merchant_urls.push', message: 'm' });
  it('says an http URL in the order would be refused in production, not that an answer broke a rule', () => {
    const e = { direction: 'out' as const, kind: 'push', violations: [v(TLS_RULE)] };
    expect(violationHeadline(e)).toBe('The order’s URL would be refused in production');
  });
  it('names both when the answer broke rules and the URL is http', () => {
    const e = {
      direction: 'out' as const,
      kind: 'address_update',
      violations: [v('errors.status'), v(TLS_RULE)],
    };
    expect(violationHeadline(e)).toBe(
      'Your server’s answer broke a rule, and the order’s URL would be refused in production',
    );
  });
});
