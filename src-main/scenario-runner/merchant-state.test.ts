import { describe, expect, it } from 'vitest';
import { ExploreConfigSchema } from '@shared/schemas/explore.schema';
import { ExpectationSchema } from '@shared/schemas/scenario.schema';
import type { Expectation } from '@shared/schemas/scenario.schema';
import type { MerchantClient } from './merchant-client';
import { countOf, readMerchantState, stateUrl } from './merchant-state';

/* The merchant-state URL's answer contract and the config's rules about it (docs/explore.md). */

describe('the merchant-state answer', () => {
  it.each([
    ['{"count": 2}', 2],
    ['1', 1],
    ['0', 0],
    ['{"count": 0, "orders": []}', 0],
  ])('%s counts %i', (body, n) => expect(countOf(body)).toBe(n));

  it.each(['"1"', '-1', '{"count": 1.5}', '{"total": 1}', '[1]', 'one', '', 'null'])(
    '%s is no count',
    (body) => expect(countOf(body)).toBeNull(),
  );

  it('fills {merchant} and {order_id}', () => {
    expect(stateUrl('{merchant}/debug/orders?klarna_order_id={order_id}', 'http://m:3000/', 'o-1')).toBe(
      'http://m:3000/debug/orders?klarna_order_id=o-1',
    );
    expect(stateUrl('{merchant}/s', 'http://m:3000//', 'o-1')).toBe('http://m:3000/s');
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

describe('reading the merchant-state URLs', () => {
  const shop = (answers: Record<string, { status: number; body: string } | Error>) => {
    const asked: string[] = [];
    const client = {
      urlOf: (p: string) => p,
      send: async (req: { path: string }, orderId: string | null) => {
        asked.push(`${req.path} ${orderId}`);
        const a = answers[req.path];
        if (!a || a instanceof Error) throw a ?? new Error('no answer');
        return { status: a.status, location: null, body: a.body };
      },
    } as unknown as MerchantClient;
    return { client, asked };
  };
  const inv = (merchant_state?: string) =>
    ({ invariant: 'one_merchant_order', ...(merchant_state ? { merchant_state } : {}) }) as Expectation;

  it('reads each URL the expectations name once, keyed by its template', async () => {
    const s = shop({ 'http://m/state/o1': { status: 200, body: '{"count": 1}' } });
    const seen = await readMerchantState(
      [
        inv('{merchant}/state/{order_id}'),
        inv('{merchant}/state/{order_id}'),
        inv(),
        { no_violations: true },
      ],
      s.client,
      'http://m/',
      'o1',
    );
    expect(seen).toEqual({
      '{merchant}/state/{order_id}': { url: 'http://m/state/o1', status: 200, count: 1 },
    });
    expect(s.asked).toEqual(['http://m/state/o1 o1']);
  });

  it('says what a URL answered when it is no count, or why it could not be read', async () => {
    const s = shop({
      'http://m/a': { status: 404, body: 'x'.repeat(100) },
      'http://m/b': { status: 299, body: 'many' },
      'http://m/c': { status: 300, body: '1' },
      'http://m/d': { status: 199, body: '1' },
      'http://m/e': new Error('connect ECONNREFUSED'),
    });
    const seen = await readMerchantState(
      ['a', 'b', 'c', 'd', 'e'].map((p) => inv(`{merchant}/${p}`)),
      s.client,
      'http://m',
      'o1',
    );
    expect(seen).toEqual({
      '{merchant}/a': {
        url: 'http://m/a',
        status: 404,
        problem: `answered 404 "${'x'.repeat(60)}", not a 2xx with {"count": n} or n`,
      },
      '{merchant}/b': {
        url: 'http://m/b',
        status: 299,
        problem: 'answered 299 "many", not a 2xx with {"count": n} or n',
      },
      '{merchant}/c': {
        url: 'http://m/c',
        status: 300,
        problem: 'answered 300 "1", not a 2xx with {"count": n} or n',
      },
      '{merchant}/d': {
        url: 'http://m/d',
        status: 199,
        problem: 'answered 199 "1", not a 2xx with {"count": n} or n',
      },
      '{merchant}/e': { url: 'http://m/e', status: null, problem: 'connect ECONNREFUSED' },
    });
  });
});
