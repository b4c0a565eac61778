import { type Exchange } from '@shared/schemas/exchange.schema';
import { stepResultDraft, type StepResult } from '@shared/schemas/session.schema';

/**
 * An exchange record as the log answers it, for unit tests: an outbound address_update
 * answered 200. A test overrides only the fields its case is about.
 */
export const sampleExchange = (over: Partial<Exchange> = {}): Exchange => ({
  id: 'ex',
  order_id: 'o1',
  direction: 'out',
  kind: 'address_update',
  method: 'POST',
  url: 'http://127.0.0.1/address',
  status: 200,
  duration_ms: 1,
  at: '2025-01-01T00:00:01.000Z',
  request: { headers: {}, body: null },
  response: { headers: {}, body: null },
  outcome: null,
  violations: [],
  ...over,
});

/** One entry of a session's step history (a step's answer without its order): an applied address step. */
export const sampleStep = (over: Partial<Omit<StepResult, 'order'>> = {}): Omit<StepResult, 'order'> => ({
  step: 'address',
  ...stepResultDraft('applied', 'ok'),
  at: '2025-01-01T00:00:01.000Z',
  ...over,
});
