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

  it('drops a refusal once the same step went through: the address refused, then accepted', () => {
    const refused = step({
      outcome: 'rejected',
      message: 'Refused: we do not ship there.',
      exchange_ids: ['a'],
    });
    const accepted = step({ outcome: 'applied', at: '2025-01-01T00:00:02.000Z', exchange_ids: ['b'] });
    const ex = [exchange({ id: 'a', status: 400 }), exchange({ id: 'b', at: '2025-01-01T00:00:02.000Z' })];
    expect(latestProblem([refused, accepted], ex)).toBeNull();
    // Another step going through does not: the customer still has no accepted address.
    const country = step({ step: 'country', outcome: 'applied', at: '2025-01-01T00:00:03.000Z' });
    expect(latestProblem([refused, country], ex)).toMatchObject({
      kind: 'refused',
      sentence: 'Refused: we do not ship there.',
      exchangeId: 'a',
    });
    // Refused again after it went through: the newest refusal stands.
    const again = step({ outcome: 'rejected', message: 'Refused again.', at: '2025-01-01T00:00:04.000Z' });
    expect(latestProblem([refused, accepted, again], ex)).toMatchObject({ sentence: 'Refused again.' });
  });

  it('is null for a purchase where nothing went wrong', () => {
    expect(
      latestProblem([step({}), step({ step: 'complete', outcome: 'completed' })], [exchange({})]),
    ).toBeNull();
  });
});
