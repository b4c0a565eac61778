// The expectations about calls and steps (callback, cart_after, step) judged on hand-made exchanges, as
// docs/scenarios.md describes them: which occurrence is judged, what counts as a timeout, and the words
// each verdict says. Fast: no simulator, so mutation runs can use them (npm run mutate).
import { describe, expect, it } from 'vitest';
import type { Exchange } from '@shared/schemas/exchange.schema';
import { sampleExchange } from '@shared/test-kit/records';
import {
  callback,
  callsOf,
  callText,
  cartAfter,
  occurrenceWords,
  pick,
  plural,
  statusMatches,
  stepOutcome,
  timedOut,
  type StepSeen,
} from './expect-calls';
import { failing, passing } from './test-kit/verdicts';

let n = 0;
/** An outbound call of `kind` answered `status` in `ms`; `body` is the merchant's answer. */
function call(kind: string, status: number | null, ms = 5, more: Partial<Exchange> = {}): Exchange {
  n += 1;
  return sampleExchange({
    id: `x${n}`,
    direction: 'out',
    kind,
    method: 'POST',
    url: `http://merchant.test/${kind}`,
    status,
    duration_ms: ms,
    at: '2026-12-05T10:00:00.000Z',
    ...more,
  });
}
const answered = (kind: string, status: number | null, body: unknown, more: Partial<Exchange> = {}) =>
  call(kind, status, 5, {
    response: { headers: {}, body: typeof body === 'string' ? body : JSON.stringify(body) },
    ...more,
  });

describe('words and picking', () => {
  it('says plurals and ordinals in English, 11th–13th included', () => {
    expect(plural(1, 'call')).toBe('1 call');
    expect(plural(0, 'call')).toBe('0 calls');
    expect(plural(2, 'box', 'boxes')).toBe('2 boxes');
    const words = [1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111, 112].map((k) => occurrenceWords(k, 'push'));
    expect(words).toEqual([
      'the 1st push',
      'the 2nd push',
      'the 3rd push',
      'the 4th push',
      'the 11th push',
      'the 12th push',
      'the 13th push',
      'the 21st push',
      'the 22nd push',
      'the 23rd push',
      'the 101st push',
      'the 111th push',
      'the 112th push',
    ]);
    expect(occurrenceWords(10, 'push')).toBe('the 10th push');
    expect(occurrenceWords('every', 'push')).toBe('every push');
    expect(occurrenceWords('first', 'push')).toBe('the first push');
    expect(occurrenceWords('last', 'push')).toBe('the last push');
  });

  it('picks the first, the last, the nth or every item, and says why there is none', () => {
    const items = ['a', 'b', 'c'];
    expect(pick(items, 'first', 'push')).toEqual(['a']);
    expect(pick(items, 'last', 'push')).toEqual(['c']);
    expect(pick(items, 'every', 'push')).toEqual(items);
    expect(pick(items, 2, 'push')).toEqual(['b']);
    expect(pick(items, 3, 'push')).toEqual(['c']);
    expect(pick(items, 4, 'push')).toEqual({ missing: 'only 3 pushs, no 4th' });
    expect(pick(['a'], 2, 'push')).toEqual({ missing: 'only 1 push, no 2nd' });
    expect(pick([], 'every', 'push')).toEqual({ missing: 'no push was made' });
    expect(pick([], 1, 'push')).toEqual({ missing: 'no push was made' });
  });

  it('judges only the simulator’s own calls of that kind, never a replay or a merchant’s call', () => {
    const own = call('push', 200);
    const replay = call('push', 200, 5, { replay_of: own.id });
    const inbound = call('push', 200, 5, { direction: 'in' });
    const other = call('validation', 200);
    expect(callsOf([own, replay, inbound, other], 'push')).toEqual([own]);
  });
});

describe('statuses and how a call went', () => {
  it('matches a status exactly or by its class; no answer matches nothing', () => {
    expect(statusMatches(200, '2xx')).toBe(true);
    expect(statusMatches(204, '2xx')).toBe(true);
    expect(statusMatches(302, '2xx')).toBe(false);
    expect(statusMatches(200, '200')).toBe(true);
    expect(statusMatches(201, '200')).toBe(false);
    expect(statusMatches(404, '4xx')).toBe(true);
    expect(statusMatches(null, '2xx')).toBe(false);
    expect(statusMatches(null, 'null')).toBe(false);
  });

  it('counts a call as timed out only with no status and the log’s timeout or abandon mark', () => {
    expect(timedOut(answered('push', null, '[no answer: timeout]'))).toBe(true);
    expect(timedOut(answered('push', null, '[no answer: abandoned after 2 s]'))).toBe(true);
    expect(timedOut(answered('push', null, '[no answer: refused]'))).toBe(false);
    expect(timedOut(answered('push', null, 'x [no answer: timeout]'))).toBe(false);
    expect(timedOut(answered('push', 200, '[no answer: timeout]'))).toBe(false);
    expect(timedOut(call('push', null))).toBe(false);
  });

  it('says a call’s status and time, a time-out, or why no answer came, with its fault', () => {
    expect(callText(call('push', 200, 12))).toBe('200 in 12 ms');
    expect(callText(call('push', 500, 1500, { fault: 'duplicate_push' }))).toBe(
      '500 in 1.5 s (duplicate_push)',
    );
    expect(callText(answered('push', null, '[no answer: timeout]', { duration_ms: 10_000 }))).toBe(
      'timed out after 10 s',
    );
    expect(
      callText(answered('push', null, '[no answer: timeout]', { duration_ms: 10_000, fault: 'f' })),
    ).toBe('timed out after 10 s (f)');
    expect(callText(answered('push', null, '[no answer: refused]', { duration_ms: 3 }))).toBe(
      'no answer (refused) after 3 ms',
    );
    expect(callText(answered('push', null, 'garbled', { duration_ms: 3, fault: 'f' }))).toBe(
      'no answer (no answer) after 3 ms (f)',
    );
    expect(callText(call('push', null, 3))).toBe('no answer (no answer) after 3 ms');
  });
});

describe('callback', () => {
  it('by default expects every call answered 2xx, and lists the calls', () => {
    const xs = [call('push', 200, 1), call('push', 204, 2)];
    expect(callback({ name: 'push' }, xs)).toEqual([
      'every push answered 2xx',
      passing(
        'at least one push, each answered 2xx',
        '2 calls: 200 in 1 ms, 204 in 2 ms',
        xs.map((x) => x.id),
      ),
    ]);
  });

  it('fails on any call that missed the status or the time, naming only those', () => {
    const xs = [call('push', 200, 1), call('push', 500, 2), call('push', 200, 2001)];
    const [text, v] = callback({ name: 'push', status: '2xx', within: '2s' }, xs);
    expect(text).toBe('every push answered 2xx within 2 s');
    expect(v).toEqual(
      failing(
        'at least one push, each answered 2xx within 2 s',
        '2 of 3 calls did not: 500 in 2 ms, 200 in 2 s',
        [xs[1]!.id, xs[2]!.id],
      ),
    );
  });

  it('holds `within` inclusive: a call that took exactly the limit passes', () => {
    expect(callback({ name: 'push', within: '2s' }, [call('push', 200, 2000)])[1].passed).toBe(true);
    expect(callback({ name: 'push', within: '2s' }, [call('push', 200, 2001)])[1].passed).toBe(false);
  });

  it('judges only the chosen occurrence, and says which of how many', () => {
    const xs = [call('validation', 500, 1), call('validation', 200, 2)];
    expect(callback({ name: 'validation', occurrence: 'last' }, xs)).toEqual([
      'the last validation answered 2xx',
      passing('the last validation answered 2xx', '200 in 2 ms (of 2 calls)', [xs[1]!.id]),
    ]);
    expect(callback({ name: 'validation', occurrence: 1 }, xs)[1]).toEqual(
      failing('the 1st validation answered 2xx', '500 in 1 ms (of 2 calls)', [xs[0]!.id]),
    );
  });

  it('fails when the call was never made, or not as often as the occurrence asks', () => {
    expect(callback({ name: 'push' }, [])[1]).toEqual(
      failing('at least one push, each answered 2xx', 'no push was made', []),
    );
    expect(callback({ name: 'push', occurrence: 2 }, [call('push', 200)])[1].seen).toBe(
      'only 1 push, no 2nd',
    );
  });

  it('expects a time-out with status timeout, ignoring `within`', () => {
    const late = answered('push', null, '[no answer: timeout]', { duration_ms: 10_000 });
    const [text, v] = callback({ name: 'push', status: 'timeout', within: '1s' }, [late]);
    expect(text).toBe('every push timed out (no answer within the time limit)');
    expect(v.passed).toBe(true);
    expect(v.seen).toBe('1 call: timed out after 10 s');
    expect(callback({ name: 'push', status: 'timeout' }, [call('push', 200)])[1].passed).toBe(false);
  });

  it('lists at most six calls, then an ellipsis', () => {
    const xs = Array.from({ length: 7 }, () => call('push', 200, 1));
    expect(callback({ name: 'push' }, xs)[1].seen).toBe(
      `7 calls: ${Array(6).fill('200 in 1 ms').join(', ')}, …`,
    );
    expect(callback({ name: 'push' }, xs.slice(0, 6))[1].seen).not.toContain('…');
  });
});

describe('cart_after', () => {
  const cart = (lines: unknown[], currency?: string) => ({
    order_lines: lines,
    ...(currency ? { purchase_currency: currency } : {}),
  });
  const shipping = { type: 'shipping_fee', reference: 'express', name: 'Express' };

  it('passes when the last answer has the line, the count and the currency asked for', () => {
    const x = answered('address_update', 200, cart([{ reference: 'mug' }, shipping], 'SEK'));
    const r = cartAfter(
      {
        callback: 'address_update',
        has_line: { type: 'shipping_fee', reference: 'express' },
        lines_of_type: { type: 'physical', count: 1 },
        purchase_currency: 'SEK',
      },
      [answered('address_update', 200, cart([])), x],
    );
    expect(r).toEqual([
      'the cart after address_update has a shipping_fee reference express line and 1 physical line and purchase_currency SEK',
      passing(
        'the cart answered to the last address_update with a shipping_fee reference express line and 1 physical line and purchase_currency SEK',
        'lines: physical mug, shipping_fee express; purchase_currency SEK',
        [x.id],
      ),
    ]);
  });

  it('names what the cart lacks, and what it held', () => {
    const x = answered('address_update', 200, cart([{ type: 'physical', name: 'Mug' }], 'EUR'));
    const [, v] = cartAfter(
      {
        callback: 'address_update',
        has_line: { name: 'Express' },
        lines_of_type: { type: 'shipping_fee', count: 1 },
        purchase_currency: 'SEK',
      },
      [x],
    );
    expect(v).toEqual(
      failing(
        'the cart answered to the last address_update with a “Express” line and 1 shipping_fee line and purchase_currency SEK',
        'no “Express” line; 0 shipping_fee lines; purchase_currency EUR (lines: physical Mug; purchase_currency EUR)',
        [x.id],
      ),
    );
  });

  it('a wished line must have every field asked for, in one line', () => {
    const x = answered('address_update', 200, cart([{ type: 'shipping_fee', reference: 'standard' }]));
    const want = {
      callback: 'address_update' as const,
      has_line: { type: 'shipping_fee', reference: 'express' },
    };
    expect(cartAfter(want, [x])[1].passed).toBe(false);
  });

  it('says when the answer has no currency, no cart, or no 2xx', () => {
    const want = { callback: 'address_update' as const, purchase_currency: 'SEK' };
    expect(cartAfter(want, [answered('address_update', 200, cart([]))])[1].seen).toBe(
      'no purchase_currency (lines: none)',
    );
    expect(cartAfter(want, [answered('address_update', 200, { error: 1 })])[1].seen).toBe(
      'the merchant answered without a cart (no order_lines)',
    );
    expect(cartAfter(want, [answered('address_update', 200, 'not json')])[1].seen).toBe(
      'the merchant answered without a cart (no order_lines)',
    );
    expect(cartAfter(want, [answered('address_update', 200, [1, 2])])[1].seen).toBe(
      'the merchant answered without a cart (no order_lines)',
    );
    expect(cartAfter(want, [answered('address_update', 200, { order_lines: 'x' })])[1].seen).toBe(
      'the merchant answered without a cart (no order_lines)',
    );
    expect(cartAfter(want, [answered('address_update', 400, cart([], 'SEK'))])[1].seen).toBe(
      'answered 400 (400 in 5 ms)',
    );
    expect(
      cartAfter(want, [answered('address_update', null, '[no answer: refused]', { duration_ms: 3 })])[1].seen,
    ).toBe('answered no answer (refused) after 3 ms (no answer (refused) after 3 ms)');
  });

  it('with no wish, any cart answered 2xx passes; a line without a type is physical', () => {
    const x = answered('address_update', 200, cart([{ reference: 'r' }, { name: 'n' }, {}]));
    expect(cartAfter({ callback: 'address_update' }, [x])).toEqual([
      'the cart after address_update has order lines',
      passing(
        'the cart answered to the last address_update with order lines',
        'lines: physical r, physical n, physical',
        [x.id],
      ),
    ]);
    const typed = answered('address_update', 200, cart([{ reference: 'r' }]));
    expect(
      cartAfter({ callback: 'address_update', lines_of_type: { type: 'physical', count: 1 } }, [typed])[1]
        .passed,
    ).toBe(true);
  });

  it('judges the occurrence asked for, naming each bad answer', () => {
    const good = answered('shipping_option_update', 200, cart([shipping]));
    const bad = answered('shipping_option_update', 200, cart([]));
    const want = { callback: 'shipping_option_update' as const, has_line: { type: 'shipping_fee' } };
    const first = cartAfter({ ...want, occurrence: 'first' }, [good, bad]);
    expect(first[0]).toBe('the cart after the first shipping_option_update has a shipping_fee line');
    expect(first[1].passed).toBe(true);
    const every = cartAfter({ ...want, occurrence: 'every' }, [good, bad, bad]);
    expect(every[1]).toEqual(
      failing(
        'the cart answered to every shipping_option_update with a shipping_fee line',
        'no shipping_fee line (lines: none) | no shipping_fee line (lines: none)',
        [bad.id, bad.id],
      ),
    );
    expect(cartAfter({ ...want, occurrence: 'every' }, [good, good])[1].seen).toBe(
      'lines: shipping_fee express | lines: shipping_fee express',
    );
    expect(cartAfter(want, [])[1]).toEqual(
      failing(
        'the cart answered to the last shipping_option_update with a shipping_fee line',
        'no shipping_option_update was made',
        [],
      ),
    );
  });
});

describe('step', () => {
  const steps: StepSeen[] = [
    { name: 'complete', outcome: 'declined', exchange_ids: ['a'] },
    { name: 'address', outcome: 'applied', exchange_ids: ['b'] },
    { name: 'complete', outcome: 'completed', exchange_ids: ['c', 'd'] },
  ];

  it('judges the last step of the name by default, listing all of them', () => {
    expect(stepOutcome({ name: 'complete', outcome: 'completed' }, steps)).toEqual([
      'the complete step completed',
      passing(
        'the last complete step’s outcome completed',
        'outcome completed (all 2: declined, completed)',
        ['c', 'd'],
      ),
    ]);
    expect(stepOutcome({ name: 'address', outcome: 'applied' }, steps)[1].seen).toBe('outcome applied');
  });

  it('judges the first, the nth or every one when asked', () => {
    expect(stepOutcome({ name: 'complete', outcome: 'completed', occurrence: 1 }, steps)).toEqual([
      'the 1st complete step completed',
      failing('the 1st complete step’s outcome completed', 'outcome declined (all 2: declined, completed)', [
        'a',
      ]),
    ]);
    const every = stepOutcome({ name: 'complete', outcome: 'completed', occurrence: 'every' }, steps)[1];
    expect(every.passed).toBe(false);
    expect(every.seen).toBe('outcomes declined, completed (all 2: declined, completed)');
    expect(every.exchange_ids).toEqual(['a', 'c', 'd']);
  });

  it('fails when the scenario took no such step, or not that many', () => {
    expect(stepOutcome({ name: 'shipping_option', outcome: 'applied' }, steps)[1]).toEqual(
      failing(
        'the last shipping_option step’s outcome applied',
        'the scenario took no shipping_option step',
        [],
      ),
    );
    expect(stepOutcome({ name: 'complete', outcome: 'completed', occurrence: 3 }, steps)[1].seen).toBe(
      'only 2 complete steps, no 3rd',
    );
  });
});
