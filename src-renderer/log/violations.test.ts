import { describe, expect, it } from 'vitest';
import { plainViolation } from './violations';

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
});
