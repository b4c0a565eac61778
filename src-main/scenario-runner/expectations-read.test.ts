// The read expectations (order_management, customer_view), no_violations and the dispatch of judge():
// each expectation of docs/scenarios.md judged on hand-made evidence, fast, without a simulator.
import { describe, expect, it } from 'vitest';
import type { Exchange } from '@shared/schemas/exchange.schema';
import { judge, valueAt, type Evidence } from './expectations';

const x = (id: string, kind: string, violations: Exchange['violations'] = [], more: Partial<Exchange> = {}) =>
  ({
    id,
    kind,
    direction: 'out',
    status: 200,
    duration_ms: 3,
    violations,
    response: { body: null },
    ...more,
  }) as Exchange;
const v = (rule: string) => ({ rule, path: 'body.order_lines', message: 'is wrong' });

const evidence = (more: Partial<Evidence> = {}): Evidence => ({
  exchanges: [],
  steps: [],
  view: null,
  push: null,
  om: null,
  ...more,
});

describe('valueAt', () => {
  it('follows a dotted path through objects and arrays', () => {
    const doc = { totals: { shipping: 500 }, order_lines: [{ type: 'physical' }, { type: 'shipping_fee' }] };
    expect(valueAt(doc, 'totals.shipping')).toBe(500);
    expect(valueAt(doc, 'order_lines.1.type')).toBe('shipping_fee');
    expect(valueAt(doc, 'order_lines.2.type')).toBeUndefined();
    expect(valueAt(doc, 'totals.shipping.amount')).toBeUndefined();
    expect(valueAt({ a: null }, 'a.b')).toBeUndefined();
    expect(valueAt({ a: null }, 'a')).toBeNull();
  });
});

describe('order_management and customer_view', () => {
  const om = { status: 'AUTHORIZED', order_amount: 1000, merchant_reference1: 'r1', billing: null };

  it('passes when every field matches, saying each as seen', () => {
    const r = judge(
      {
        order_management: {
          status: 'AUTHORIZED',
          order_amount: 1000,
          merchant_reference2: { present: false },
        },
      },
      evidence({ om }),
    );
    expect(r).toEqual({
      text: 'the order management read has status "AUTHORIZED", order_amount 1000, merchant_reference2 absent',
      expected: 'status "AUTHORIZED", order_amount 1000, merchant_reference2 absent',
      seen: 'status "AUTHORIZED", order_amount 1000, merchant_reference2 absent',
      passed: true,
      exchange_ids: [],
    });
  });

  it('fails when any one field differs, still saying all', () => {
    const r = judge({ order_management: { status: 'CAPTURED', billing: null } }, evidence({ om }));
    expect(r).toMatchObject({ passed: false, seen: 'status "AUTHORIZED", billing null' });
  });

  it('fails saying why when there is nothing to read', () => {
    expect(judge({ order_management: { status: 'AUTHORIZED' } }, evidence())).toMatchObject({
      passed: false,
      seen: 'the order is not in order management',
    });
    expect(judge({ customer_view: { step: 'address' } }, evidence())).toEqual({
      text: 'the customer’s view has step "address"',
      expected: 'step "address"',
      seen: 'the customer’s view could not be read',
      passed: false,
      exchange_ids: [],
    });
  });

  it('reads the customer’s view by dotted path', () => {
    const view = { step: 'shipping', totals: { shipping: 0 } };
    const r = judge(
      { customer_view: { step: { matches: '^ship' }, 'totals.shipping': 0 } },
      evidence({ view }),
    );
    expect(r).toMatchObject({ passed: true, seen: 'step "shipping", totals.shipping 0' });
  });
});

describe('no_violations', () => {
  it('passes with no violation, counting the exchanges', () => {
    expect(judge({ no_violations: true }, evidence({ exchanges: [x('a', 'push'), x('b', 'push')] }))).toEqual(
      {
        text: 'no violation recorded',
        expected: 'no violation on any of the order’s 2 exchanges',
        seen: '2 exchanges, no violation',
        passed: true,
        exchange_ids: [],
      },
    );
  });

  it('fails naming each violation and its exchange once', () => {
    const exchanges = [x('a', 'push', [v('r1'), v('r2')]), x('b', 'validation'), x('c', 'push', [v('r1')])];
    expect(judge({ no_violations: true }, evidence({ exchanges }))).toEqual({
      text: 'no violation recorded',
      expected: 'no violation on any of the order’s 3 exchanges',
      seen: '3 violations: push: body.order_lines is wrong [r1]; push: body.order_lines is wrong [r2]; push: body.order_lines is wrong [r1]',
      passed: false,
      exchange_ids: ['a', 'c'],
    });
  });

  it('leaves out the rules it is told to ignore, and says so', () => {
    const exchanges = [x('a', 'push', [v('r1')]), x('b', 'push', [v('r2')])];
    const r = judge({ no_violations: { ignore: ['r1'] } }, evidence({ exchanges }));
    expect(r.text).toBe('no violation recorded (not counting r1)');
    expect(judge({ no_violations: { ignore: ['r1', 'r3'] } }, evidence()).text).toBe(
      'no violation recorded (not counting r1, r3)',
    );
    expect(r.seen).toBe('1 violation: push: body.order_lines is wrong [r2]');
    expect(r.exchange_ids).toEqual(['b']);
    expect(judge({ no_violations: { ignore: ['r1', 'r2'] } }, evidence({ exchanges })).passed).toBe(true);
    expect(judge({ no_violations: { ignore: [] } }, evidence()).text).toBe('no violation recorded');
  });

  it('lists five violations at most, then an ellipsis', () => {
    const six = Array.from({ length: 6 }, (_, i) => x(`e${i}`, 'push', [v(`r${i}`)]));
    const r = judge({ no_violations: true }, evidence({ exchanges: six }));
    expect(r.seen).toMatch(/^6 violations: .*\[r4\]; …$/);
    expect(r.seen).not.toContain('[r5]');
    expect(judge({ no_violations: true }, evidence({ exchanges: six.slice(0, 5) })).seen).toMatch(/\[r4\]$/);
  });
});

describe('judge', () => {
  it('hands each kind of expectation to its own judge', () => {
    const ev = evidence({
      exchanges: [x('a', 'push')],
      steps: [{ name: 'complete', outcome: 'completed', exchange_ids: ['p'] }],
    });
    expect(judge({ callback: { name: 'push' } }, ev).text).toBe('every push answered 2xx');
    expect(judge({ cart_after: { callback: 'address_update' } }, ev).text).toBe(
      'the cart after address_update has order lines',
    );
    expect(judge({ step: { name: 'complete', outcome: 'completed' } }, ev)).toMatchObject({
      text: 'the complete step completed',
      passed: true,
    });
    expect(judge({ session: { status: 'FINALIZED' } }, ev)).toMatchObject({
      text: 'the in-person session ends status FINALIZED',
      passed: false,
    });
    const session = { status: 'FINALIZED', history: [{ status: 'FINALIZED', cause: 'terminal.tap_card' }] };
    expect(judge({ session: { status: 'FINALIZED' } }, { ...ev, session } as Evidence)).toMatchObject({
      seen: 'status FINALIZED, by terminal.tap_card, through FINALIZED',
      passed: true,
    });
    expect(judge({ invariant: 'no_server_errors' }, ev)).toMatchObject({
      text: expect.stringMatching(/^invariant no_server_errors: /),
      passed: true,
    });
    expect(judge({ captured: { within: '1h' } }, ev).text).toBe('captured within 1 h of the completion');
  });
});
