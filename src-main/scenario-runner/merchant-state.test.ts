import { describe, expect, it } from 'vitest';
import { ExploreConfigSchema } from '@shared/schemas/explore.schema';
import { ExpectationSchema } from '@shared/schemas/scenario.schema';
import { countOf, stateUrl } from './merchant-state';

/* The merchant-state URL's answer contract and the config's rules about it (docs/explore.md). */

describe('the merchant-state answer', () => {
  it.each([
    ['{"count": 2}', 2],
    ['1', 1],
    ['0', 0],
    ['{"count": 0, "orders": []}', 0],
  ])('%s counts %i', (body, n) => expect(countOf(body)).toBe(n));

  it.each(['"1"', '-1', '{"count": 1.5}', '{"total": 1}', '[1]', 'one', ''])('%s is no count', (body) =>
    expect(countOf(body)).toBeNull(),
  );

  it('fills {merchant} and {order_id}', () => {
    expect(stateUrl('{merchant}/debug/orders?klarna_order_id={order_id}', 'http://m:3000/', 'o-1')).toBe(
      'http://m:3000/debug/orders?klarna_order_id=o-1',
    );
  });
});

describe('the config and the expectation', () => {
  it('refuses one_merchant_order without a merchant-state URL, naming the field', () => {
    const r = ExploreConfigSchema.safeParse({ invariants: ['one_merchant_order'] });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]).toMatchObject({ path: ['invariants'] });
    expect(r.error!.issues[0]!.message).toContain('merchant_state_url');
    const e = ExpectationSchema.safeParse({ invariant: 'one_merchant_order' });
    expect(e.success).toBe(false);
  });

  it('refuses a merchant-state URL without {order_id}', () => {
    const r = ExploreConfigSchema.safeParse({ merchant_state_url: '{merchant}/debug/orders' });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]).toMatchObject({ path: ['merchant_state_url'] });
  });

  it('accepts the documented example', () => {
    const url = '{merchant}/debug/orders?klarna_order_id={order_id}';
    expect(ExploreConfigSchema.safeParse({ merchant_state_url: url }).success).toBe(true);
    expect(
      ExpectationSchema.safeParse({ invariant: 'one_merchant_order', merchant_state: url }).success,
    ).toBe(true);
  });
});
