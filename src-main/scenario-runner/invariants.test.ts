// The built-in invariants (docs/explore.md's table) judged on hand-made evidence: what each counts, what
// it leaves to another invariant, and the words and exchanges its finding names.
import { describe, expect, it } from 'vitest';
import type { Exchange } from '@shared/schemas/exchange.schema';
import { sampleExchange } from '@shared/test-kit/records';
import type { PushTimeline } from '@shared/schemas/push.schema';
import type { Evidence } from './evidence-shape';
import { exchangeWords, invariant } from './invariants';
import { failing, passing } from './test-kit/verdicts';

const T0 = Date.parse('2026-12-05T10:00:00.000Z');
const at = (s: number) => new Date(T0 + s * 1000).toISOString();

function x(id: string, kind: string, status: number | null, more: Partial<Exchange> = {}): Exchange {
  return sampleExchange({
    id,
    direction: 'out',
    kind,
    method: 'POST',
    url: `http://shop.test/${kind}`,
    status,
    duration_ms: 3,
    at: at(0),
    ...more,
  });
}
const inbound = (id: string, kind: string, status: number, body: unknown, more: Partial<Exchange> = {}) =>
  x(id, kind, status, {
    direction: 'in',
    method: 'PATCH',
    url: `http://127.0.0.1:4000/ordermanagement/v1/orders/o1/${kind}`,
    request: { headers: {}, body: JSON.stringify(body) },
    ...more,
  });
const violation = (rule: string) => ({ rule, path: 'order_lines', message: 'do not add up' });

const ev = (more: Partial<Evidence> = {}): Evidence => ({
  exchanges: [],
  push: null,
  om: null,
  view: null,
  steps: [],
  ...more,
});

/** An attempt's exchange_id is `p<number>` unless given (null: an attempt the log holds no exchange for). */
type Attempt = { at: number; outcome?: string; exchange_id?: string | null };
function push(attempts: Attempt[], more: Partial<PushTimeline> = {}): PushTimeline {
  return {
    completed_at: at(-10),
    first_attempt_at: at(0),
    now: at(3600),
    attempts: attempts.map((a, i) => ({
      number: i + 1,
      sent_at: at(a.at),
      status: 200,
      outcome: a.outcome ?? 'delivered',
      exchange_id: a.exchange_id === undefined ? `p${i + 1}` : a.exchange_id,
    })),
    next_attempt_at: null,
    acknowledged_at: null,
    merchant_faults: [],
    planned: [],
    ...more,
  } as unknown as PushTimeline;
}
const judged = (name: Parameters<typeof invariant>[0], e: Evidence, state?: string) =>
  invariant(name, e, state)[1];

describe('the invariant’s text', () => {
  it('is its name and its sentence', () => {
    expect(invariant('no_server_errors', ev())[0]).toMatch(
      /^invariant no_server_errors: no 5xx from the merchant/,
    );
  });

  it('names an exchange by kind, fault and status, or its answer when it has none', () => {
    expect(exchangeWords(x('a', 'push', 500, { fault: 'duplicate_push' }))).toBe(
      'push (duplicate_push) → 500',
    );
    expect(exchangeWords(x('a', 'push', 200))).toBe('push → 200');
    expect(
      exchangeWords(
        x('a', 'push', null, { response: { headers: {}, body: `[no answer: ${'r'.repeat(80)}]` } }),
      ),
    ).toBe(`push → [no answer: ${'r'.repeat(48)}`);
    expect(exchangeWords(x('a', 'push', null))).toBe('push → no answer');
  });
});

describe('callback_conformance', () => {
  it('passes callbacks without violations, and counts only the simulator’s own calls', () => {
    const calls = [
      x('a', 'address_update', 200),
      x('b', 'push', 200),
      x('c', 'checkout.read', 200, { direction: 'in' }),
    ];
    expect(judged('callback_conformance', ev({ exchanges: calls }))).toEqual(
      passing('every callback answered in time, as the spec says', '2 callbacks, each as the spec says'),
    );
  });

  it('fails a violation or a time-out, naming the rule', () => {
    const bad = x('a', 'address_update', 200, { violations: [violation('checkout-callbacks.cart')] });
    const late = x('b', 'validation', null, { response: { headers: {}, body: '[no answer: timeout]' } });
    expect(judged('callback_conformance', ev({ exchanges: [bad, late, x('c', 'push', 200)] }))).toEqual(
      failing(
        'every callback answered in time, as the spec says',
        'address_update: order_lines do not add up [checkout-callbacks.cart]; validation: no answer within its time limit',
        ['a', 'b'],
      ),
    );
  });

  it('leaves a 5xx to no_server_errors, the http:// authentication rule and replays aside', () => {
    const calls = [
      x('a', 'push', 500, { violations: [violation('push.status')] }),
      x('b', 'push', 200, { violations: [violation('checkout-callbacks.authentication')] }),
      x('c', 'push', 200, { violations: [violation('push.status')], replay_of: 'z' }),
      x('d', 'push', 499, {
        violations: [violation('checkout-callbacks.authentication'), violation('push.status')],
      }),
    ];
    const v = judged('callback_conformance', ev({ exchanges: calls }));
    expect(v.exchange_ids).toEqual(['d']);
    expect(v.seen).toBe('push: order_lines do not add up [push.status]');
  });

  it('lists four at most', () => {
    const calls = ['a', 'b', 'c', 'd', 'e'].map((id) =>
      x(id, `k${id}`, 200, { violations: [violation('r')] }),
    );
    const v = judged('callback_conformance', ev({ exchanges: calls }));
    expect(v.seen.split('; ')).toHaveLength(4);
    expect(v.exchange_ids).toHaveLength(5);
  });
});

describe('no_server_errors', () => {
  it('passes with no 5xx, counting callbacks and pages', () => {
    const pages = [{ method: 'GET', path: '/confirm', status: 200, what: 'confirmation page' }];
    expect(judged('no_server_errors', ev({ exchanges: [x('a', 'push', 499)], pages }))).toEqual(
      passing('no 5xx to any callback, push or page', '1 callback and 1 page, none 5xx'),
    );
    expect(judged('no_server_errors', ev()).seen).toBe('0 callbacks and 0 pages, none 5xx');
  });

  it('fails on a callback’s or a page’s 5xx, naming each', () => {
    const pages = [
      { method: 'GET', path: '/confirm', status: 500, what: 'confirmation page' },
      { method: 'GET', path: '/ok', status: 200, what: 'merchant step' },
    ];
    const calls = [
      x('a', 'push', 500, { fault: 'push_unknown_order' }),
      x('b', 'push', 200),
      x('c', 'validation', null),
    ];
    expect(judged('no_server_errors', ev({ exchanges: calls, pages }))).toEqual(
      failing(
        'no 5xx to any callback, push or page',
        'push (push_unknown_order) → 500; page GET /confirm (confirmation page) → 500',
        ['a'],
      ),
    );
    expect(judged('no_server_errors', ev({ pages })).passed).toBe(false);
    expect(
      judged('no_server_errors', ev({ exchanges: [x('r', 'push', 500, { replay_of: 'a' })] })).passed,
    ).toBe(true);
    expect(
      judged('no_server_errors', ev({ exchanges: [x('i', 'checkout.read', 500, { direction: 'in' })] }))
        .passed,
    ).toBe(true);
  });

  it('lists four of each at most', () => {
    const calls = ['a', 'b', 'c', 'd', 'e'].map((id) => x(id, 'push', 500));
    const pages = [1, 2, 3, 4, 5].map((i) => ({
      method: 'GET',
      path: `/p${i}`,
      status: 503,
      what: 'reload',
    }));
    const v = judged('no_server_errors', ev({ exchanges: calls, pages }));
    expect(v.seen.split('; ')).toHaveLength(8);
    expect(v.exchange_ids).toEqual(['a', 'b', 'c', 'd', 'e']);
  });
});

describe('acknowledged', () => {
  const ack = (id: string, s: number, status = 204) =>
    inbound(id, 'ordermanagement.acknowledge', status, null, { at: at(s) });

  it('passes an order that never completed, or one acknowledged, or one still pushing', () => {
    expect(judged('acknowledged', ev())).toEqual(passing('acknowledged', 'the order never completed'));
    expect(judged('acknowledged', ev({ push: push([{ at: 0 }], { acknowledged_at: at(5) }) })).seen).toBe(
      `acknowledged at ${at(5)}`,
    );
    expect(
      judged('acknowledged', ev({ push: push([{ at: 0 }], { next_attempt_at: at(60) }) })),
    ).toMatchObject({
      passed: true,
      expected: 'acknowledged before push gives up',
      seen: 'push has not given up yet',
    });
    expect(judged('acknowledged', ev({ push: push([]) })).passed).toBe(true);
  });

  it('fails when push gave up unacknowledged, naming its attempts', () => {
    expect(judged('acknowledged', ev({ push: push([{ at: 0 }, { at: 60 }]) }))).toEqual(
      failing('acknowledged before push gives up', 'push gave up after 2 attempts, never acknowledged', [
        'p1',
        'p2',
      ]),
    );
  });

  it('with lost acknowledgements, wants one after each delivered push, before the next', () => {
    const lost = { merchant_faults: [{ fault: 'push_gives_up' }] } as unknown as Partial<PushTimeline>;
    const p = push([{ at: 0 }, { at: 60, outcome: 'bad_status' }, { at: 120 }], lost);
    const expected = 'an acknowledgement after each push answered 2xx (the service lost them)';
    expect(judged('acknowledged', ev({ push: p, exchanges: [ack('k1', 0), ack('k2', 130)] }))).toEqual(
      passing(expected, '2 pushs delivered, each acknowledged again'),
    );
    // The first push's acknowledgement came only after the second push was sent: it is the second's.
    expect(judged('acknowledged', ev({ push: p, exchanges: [ack('k1', 60), ack('k2', 130)] }))).toEqual(
      failing(expected, 'no acknowledgement after push #1 (2 acknowledgements in all)', ['p1', 'k1', 'k2']),
    );
    // A refused acknowledgement is none.
    expect(judged('acknowledged', ev({ push: p, exchanges: [ack('k1', 1), ack('k2', 130, 403)] }))).toEqual(
      failing(expected, 'no acknowledgement after push #3 (1 acknowledgement in all)', ['p3', 'k1']),
    );
    expect(judged('acknowledged', ev({ push: p, exchanges: [ack('k1', 59), ack('k2', 120)] })).passed).toBe(
      true,
    );
    expect(judged('acknowledged', ev({ push: p, exchanges: [ack('k0', -1), ack('k2', 120)] })).passed).toBe(
      false,
    );
  });
});

describe('no_refused_calls', () => {
  it('passes when every provider call of the merchant’s was accepted', () => {
    const calls = [
      inbound('a', 'checkout.create', 201, {}),
      inbound('b', 'ordermanagement.capture', 201, {}),
      inbound('c', 'test_helpers.clock', 400, {}),
      x('d', 'push', 400),
    ];
    expect(judged('no_refused_calls', ev({ exchanges: calls }))).toEqual(
      passing('every call of the merchant’s to the provider API accepted', '2 calls, none refused'),
    );
  });

  it('fails a 4xx naming method, path and error code', () => {
    const refused = inbound(
      'a',
      'ordermanagement.capture',
      403,
      {},
      {
        method: 'POST',
        url: 'http://127.0.0.1:4000/ordermanagement/v1/orders/o1/captures?x=1',
        response: { headers: {}, body: '{"error_code":"CAPTURE_NOT_ALLOWED"}' },
      },
    );
    const odd = inbound(
      'b',
      'checkout.update',
      400,
      {},
      { url: 'not a url', response: { headers: {}, body: 'oops' } },
    );
    const bare = inbound(
      'c',
      'checkout.update',
      409,
      {},
      { url: '/x', response: { headers: {}, body: '{}' } },
    );
    expect(judged('no_refused_calls', ev({ exchanges: [refused, odd, bare] }))).toEqual(
      failing(
        'every call of the merchant’s to the provider API accepted',
        'POST /ordermanagement/v1/orders/o1/captures → 403 CAPTURE_NOT_ALLOWED; PATCH not a url → 400 ; PATCH /x → 409 ',
        ['a', 'b', 'c'],
      ),
    );
  });
});

describe('one_merchant_reference', () => {
  it('passes one reference, however often it is set', () => {
    const calls = [
      inbound('a', 'checkout.create', 201, { merchant_reference1: 'TM-1' }),
      inbound('b', 'ordermanagement.merchant_references', 204, { merchant_reference1: 'TM-1' }),
    ];
    expect(judged('one_merchant_reference', ev({ exchanges: calls }))).toEqual(
      passing('at most one merchant_reference1 for the order', 'merchant_reference1 TM-1'),
    );
    expect(judged('one_merchant_reference', ev()).seen).toBe('no merchant reference set');
  });

  it('fails two, counting only accepted calls that set it', () => {
    const calls = [
      inbound('a', 'checkout.update', 200, { merchant_reference1: 'TM-1' }),
      inbound('b', 'ordermanagement.merchant_references', 204, { merchant_reference1: 'TM-2' }),
      inbound('c', 'ordermanagement.merchant_references', 400, { merchant_reference1: 'TM-3' }),
      inbound('d', 'ordermanagement.capture', 201, { merchant_reference1: 'TM-4' }),
      inbound('e', 'checkout.update', 200, { merchant_reference1: 5 }),
      inbound('f', 'checkout.update', 200, {}, { request: { headers: {}, body: 'not json' } }),
      inbound('g', 'checkout.updated', 200, { merchant_reference1: 'TM-5' }),
      x('h', 'checkout.create', 200, { request: { headers: {}, body: '{"merchant_reference1":"TM-6"}' } }),
    ];
    expect(judged('one_merchant_reference', ev({ exchanges: calls }))).toEqual(
      failing('at most one merchant_reference1 for the order', '2 references: TM-1, TM-2', ['a', 'b']),
    );
  });
});

describe('one_merchant_order', () => {
  const STATE = '{merchant}/debug/orders?id={order_id}';
  const seen = (count: number) => ({
    [STATE]: { url: 'http://shop.test/debug/orders?id=o1', status: 200, count },
  });
  const accepted = x('p', 'push', 200);

  it('fails without a merchant-state URL, or when it answered no count', () => {
    expect(judged('one_merchant_order', ev())).toEqual(
      failing(
        'one shop order once a push was accepted, never two',
        'the merchant-state URL was not read (no merchant_state given)',
        [],
      ),
    );
    expect(judged('one_merchant_order', ev({ merchantState: seen(1) }), 'other').passed).toBe(false);
    const problem = { [STATE]: { url: 'http://shop.test/s', status: 404, problem: 'answered 404' } };
    expect(judged('one_merchant_order', ev({ merchantState: problem }), STATE)).toEqual(
      failing(
        'one shop order once a push was accepted, never two',
        'GET http://shop.test/s answered 404',
        [],
      ),
    );
    // A scenario naming a merchant_state whose URL was never read (the runner read none) is not read.
    expect(judged('one_merchant_order', ev(), STATE).seen).toBe(
      'the merchant-state URL was not read (no merchant_state given)',
    );
  });

  it('one order after an accepted push passes; none is a lost order; two a duplicate', () => {
    const p = push([{ at: 0 }]);
    expect(
      judged('one_merchant_order', ev({ merchantState: seen(1), push: p, exchanges: [accepted] }), STATE),
    ).toEqual(
      passing(
        'one shop order once a push was accepted, never two',
        'GET http://shop.test/debug/orders?id=o1 counts 1 shop order',
      ),
    );
    expect(
      judged('one_merchant_order', ev({ merchantState: seen(0), push: p, exchanges: [accepted] }), STATE),
    ).toEqual(
      failing(
        'one shop order once a push was accepted, never two',
        'GET http://shop.test/debug/orders?id=o1 counts 0 shop orders after 1 push answered 2xx: a lost order',
        ['p'],
      ),
    );
    expect(judged('one_merchant_order', ev({ merchantState: seen(2) }), STATE)).toEqual(
      failing(
        'one shop order once a push was accepted, never two',
        'GET http://shop.test/debug/orders?id=o1 counts 2 shop orders: a duplicate',
        [],
      ),
    );
  });

  it('counts as told only a push answered 2xx for an order it knew', () => {
    const p = push([{ at: 0 }]);
    const notTold = [
      x('a', 'push', 500),
      x('b', 'push', 302),
      x('b3', 'push', 300),
      x('c', 'push', 199),
      x('d', 'push', null),
      x('e', 'push', 200, { fault: 'push_unknown_order' }),
      x('f', 'validation', 200),
    ];
    for (const call of notTold)
      expect(
        judged('one_merchant_order', ev({ merchantState: seen(0), push: p, exchanges: [call] }), STATE),
      ).toEqual(
        passing(
          'one shop order once a push was accepted, never two',
          'GET http://shop.test/debug/orders?id=o1 counts 0 shop orders (no push accepted yet)',
        ),
      );
    expect(
      judged('one_merchant_order', ev({ merchantState: seen(0), exchanges: [accepted] }), STATE).passed,
    ).toBe(true);
    expect(
      judged(
        'one_merchant_order',
        ev({ merchantState: seen(0), push: p, exchanges: [x('g', 'push', 299)] }),
        STATE,
      ).passed,
    ).toBe(false);
  });
});

describe('no_refused_calls lists four at most', () => {
  it('names four refused calls in its sentence and every one in its exchanges', () => {
    const calls = ['a', 'b', 'c', 'd', 'e'].map((id) => inbound(id, 'checkout.update', 400, {}));
    const v = judged('no_refused_calls', ev({ exchanges: calls }));
    expect(v.seen.split('; ')).toHaveLength(4);
    expect(v.exchange_ids).toEqual(['a', 'b', 'c', 'd', 'e']);
  });
});

describe('acknowledged: what counts as an acknowledgement, and which attempts are named', () => {
  const lost = { merchant_faults: [{ fault: 'push_gives_up' }] } as unknown as Partial<PushTimeline>;
  const LOST = 'an acknowledgement after each push answered 2xx (the service lost them)';
  const p = push([{ at: 0 }, { at: 60, outcome: 'bad_status' }, { at: 120 }], lost);
  const k2 = inbound('k2', 'ordermanagement.acknowledge', 204, null, { at: at(130) });

  it.each([
    ['the push’s own exchange', x('k1', 'push', 200, { at: at(1) })],
    ['another call of the merchant’s', inbound('k1', 'ordermanagement.read', 200, null, { at: at(1) })],
    [
      'an acknowledgement refused with 400',
      inbound('k1', 'ordermanagement.acknowledge', 400, null, { at: at(1) }),
    ],
  ])('%s after push #1 is no acknowledgement of it', (_, notAck) => {
    expect(judged('acknowledged', ev({ push: p, exchanges: [notAck, k2] }))).toEqual(
      failing(LOST, 'no acknowledgement after push #1 (1 acknowledgement in all)', ['p1', 'k2']),
    );
  });

  it('another merchant fault is not push_gives_up: push gave up, unacknowledged', () => {
    const other = { merchant_faults: [{ fault: 'push_unknown_order' }] } as unknown as Partial<PushTimeline>;
    expect(judged('acknowledged', ev({ push: push([{ at: 0 }], other) }))).toEqual(
      failing('acknowledged before push gives up', 'push gave up after 1 attempt, never acknowledged', [
        'p1',
      ]),
    );
  });

  it.each([
    [
      'push gave up',
      push([{ at: 0, exchange_id: null }, { at: 60 }]),
      failing('acknowledged before push gives up', 'push gave up after 2 attempts, never acknowledged', [
        'p2',
      ]),
    ],
    [
      'lost acknowledgements',
      push([{ at: 0, exchange_id: null }, { at: 60 }], lost),
      failing(LOST, 'no acknowledgement after push #1, #2 (0 acknowledgements in all)', ['p2']),
    ],
  ])('%s: names the attempts that have an exchange, and only those', (_, timeline, verdict) => {
    expect(judged('acknowledged', ev({ push: timeline }))).toEqual(verdict);
  });
});
