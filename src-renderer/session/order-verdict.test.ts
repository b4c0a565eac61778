import { describe, expect, it } from 'vitest';
import { type Exchange } from '@shared/schemas/exchange.schema';
import { TLS_RULE } from '@shared/rules/production-tls';
import { orderVerdict, pushFacts, tilesAfter, type VerdictInput } from './order-verdict';
import { sampleExchange, sampleStep } from '@shared/test-kit/records';

const step = sampleStep;
const exchange = (over: Partial<Exchange>) => sampleExchange({ outcome: 'applied', ...over });
const tls = { rule: TLS_RULE, path: 'merchant_urls.push', message: 'push URL is not https' };
const input = (over: Partial<VerdictInput>): VerdictInput => ({
  phase: 'completed',
  history: [],
  exchanges: [],
  push: null,
  ...over,
});
const givenUp = { attempts: 16, acknowledged: false, exhausted: true };

describe('orderVerdict', () => {
  it('puts push given up first, in the failure colour, above a completed purchase', () => {
    const v = orderVerdict(input({ push: givenUp, exchanges: [exchange({ violations: [tls] })] }));
    expect(v).toMatchObject({ state: 'push-given-up', tone: 'bad', title: 'Never acknowledged' });
    expect(v?.sentence).toContain('All 16 push attempts');
  });

  it('says a callback failed when the newest call of a callback kind had no answer or a 5xx', () => {
    const failed = exchange({ id: 'e2', status: null, outcome: 'timeout', at: '2025-01-01T00:00:02.000Z' });
    const v = orderVerdict(input({ phase: 'open', exchanges: [exchange({ id: 'e1' }), failed] }));
    expect(v).toMatchObject({ state: 'callback-failed', tone: 'bad', exchangeId: 'e2' });
    expect(v?.sentence).toBe('address_update: no answer (timeout).');
    // A later success of the same callback is where the order stands now.
    const later = exchange({ id: 'e3', at: '2025-01-01T00:00:03.000Z' });
    expect(orderVerdict(input({ phase: 'open', exchanges: [failed, later] }))).toBeNull();
    // A 400 the spec allows (a rejection) is no failure.
    const rejected = exchange({ status: 400, outcome: 'rejected' });
    expect(orderVerdict(input({ phase: 'open', exchanges: [rejected] }))).toBeNull();
  });

  it('says the payment was refused when the last pay step was', () => {
    const pay = step({
      step: 'complete',
      outcome: 'rejected',
      message: 'validation said no',
      exchange_ids: ['v1'],
    });
    expect(orderVerdict(input({ phase: 'open', history: [pay] }))).toMatchObject({
      state: 'payment-refused',
      tone: 'bad',
      sentence: 'validation said no',
      exchangeId: 'v1',
    });
  });

  it('calls a completed purchase with a broken rule refused in production, but not for plain http alone', () => {
    const broke = exchange({
      violations: [{ rule: 'conventions.arithmetic', path: 'order_amount', message: 'bad sum' }],
    });
    expect(orderVerdict(input({ exchanges: [broke] }))).toMatchObject({
      state: 'production-refuses',
      tone: 'bad',
    });
    expect(orderVerdict(input({ exchanges: [exchange({ violations: [tls] })] }))).toMatchObject({
      state: 'completed',
      tone: 'ok',
    });
  });

  it('says a closed order without a failure is closed, and an open one nothing', () => {
    expect(orderVerdict(input({ phase: 'expired' }))?.tone).toBe('neutral');
    expect(orderVerdict(input({ phase: 'aborted' }))?.state).toBe('aborted');
    expect(orderVerdict(input({ phase: 'open' }))).toBeNull();
    expect(orderVerdict(input({ push: { attempts: 3, acknowledged: false, exhausted: false } }))?.state).toBe(
      'completed',
    );
  });
});

describe('pushFacts and tilesAfter', () => {
  it('reads the push timeline', () => {
    expect(pushFacts(null)).toBeNull();
    expect(pushFacts({ attempts: [1, 2], acknowledged_at: null, next_attempt_at: null })).toEqual({
      attempts: 2,
      acknowledged: false,
      exhausted: true,
    });
  });

  it('turns the last ✓ into ✗ after a failure, and leaves the tiles alone otherwise', () => {
    const items = [
      { key: 'pay', state: 'done', summary: 'paid' },
      { key: 'after', state: 'done', summary: 'completed' },
    ];
    const bad = orderVerdict(input({ push: givenUp }));
    expect(tilesAfter(items, bad)[1]).toMatchObject({ state: 'failed', summary: 'never acknowledged' });
    expect(tilesAfter(items, bad)[0]).toEqual(items[0]);
    expect(tilesAfter(items, orderVerdict(input({})))).toEqual(items);
  });
});
