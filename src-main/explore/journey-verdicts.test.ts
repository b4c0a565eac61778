import { describe, expect, it } from 'vitest';
import type { ScenarioResult } from '@shared/schemas/scenario-report.schema';
import type { Expectation } from '@shared/schemas/scenario.schema';
import { brokenExpectations, needsPurchase } from './journey-verdicts';

const verdict = (passed: boolean) => ({ text: 't', expected: 'e', seen: 's', passed });
const result = (passed: boolean[], paid: boolean) =>
  ({ expectations: passed.map(verdict), push: paid ? { attempts: [] } : null }) as unknown as ScenarioResult;

const EXPECT: Expectation[] = [
  { invariant: 'no_server_errors' },
  { push_attempts: { at_most: 0 } },
  { acknowledged: { within: '1h' } },
] as Expectation[];

describe('brokenExpectations', () => {
  it('does not count an after-purchase expectation on a journey that never paid', () => {
    expect(brokenExpectations(EXPECT, result([false, false, false], false))).toEqual([0]);
  });

  it('counts every failed expectation on a journey that paid, and no passed one', () => {
    expect(brokenExpectations(EXPECT, result([false, false, false], true))).toEqual([0, 1, 2]);
    expect(brokenExpectations(EXPECT, result([true, false, true], true))).toEqual([1]);
  });
});

describe('needsPurchase', () => {
  it('is the push, acknowledgement, capture and order management expectations only', () => {
    expect(EXPECT.map(needsPurchase)).toEqual([false, true, true]);
    expect(needsPurchase({ captured: { within: '1d' } } as Expectation)).toBe(true);
    expect(needsPurchase({ order_management: { status: 'AUTHORIZED' } } as Expectation)).toBe(true);
    expect(needsPurchase({ callback: { name: 'address_update' } } as Expectation)).toBe(false);
  });
});
