import { describe, expect, it } from 'vitest';
import { TLS_RULE } from '@shared/rules/production-tls';
import { latestProblem } from './first-failure';
import { sampleExchange, sampleStep } from '@shared/test-kit/records';

const step = sampleStep;
const exchange = sampleExchange;

describe('latestProblem', () => {
  it('is the failed step’s sentence, linked to the exchange that answered badly', () => {
    const h = [
      step({
        outcome: 'failed',
        message: 'The purchase stops: address_update answered 500.',
        exchange_ids: ['a', 'b'],
      }),
    ];
    const ex = [exchange({ id: 'a', status: 500 }), exchange({ id: 'b', kind: 'client_event.change' })];
    expect(latestProblem(h, ex)).toMatchObject({
      kind: 'failed',
      sentence: 'The purchase stops: address_update answered 500.',
      exchangeId: 'a',
    });
  });

  it('takes the newest of a refusal and a broken rule, and never a plain-http URL', () => {
    const refused = step({ outcome: 'rejected', message: 'Refused.', at: '2025-01-01T00:00:01.000Z' });
    const rule = exchange({
      id: 'r',
      at: '2025-01-01T00:00:02.000Z',
      violations: [{ rule: 'checkout-callbacks.answer', path: 'order_amount', message: 'must be a number' }],
    });
    const http = exchange({
      id: 'h',
      at: '2025-01-01T00:00:03.000Z',
      violations: [{ rule: TLS_RULE, path: 'merchant_urls.push', message: 'not https' }],
    });
    expect(latestProblem([refused], [rule, http])).toMatchObject({
      kind: 'rule',
      sentence: 'address_update: must be a number.',
      exchangeId: 'r',
    });
    expect(latestProblem([refused], [http])).toMatchObject({ kind: 'refused', sentence: 'Refused.' });
  });

  it('is null for a purchase where nothing went wrong', () => {
    expect(
      latestProblem([step({}), step({ step: 'complete', outcome: 'completed' })], [exchange({})]),
    ).toBeNull();
  });
});
