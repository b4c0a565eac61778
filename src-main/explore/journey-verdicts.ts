import type { ScenarioResult } from '@shared/schemas/scenario-report.schema';
import type { Expectation } from '@shared/schemas/scenario.schema';

/*
 * Which expectations a generated journey broke. The scenario language fails an expectation about the order
 * after its purchase (push attempts, the acknowledgement, captures, the order management read) on an order
 * that never completed: right for a hand-written scenario, whose author meant it to pay. A generated journey
 * that did not pay says nothing about the merchant there, so explore judges those expectations only on
 * journeys that paid (Hypothesis' `assume`); otherwise every abandoned journey is a "finding" that shrinks
 * to no steps at all.
 */

const AFTER_PURCHASE = ['push_attempts', 'acknowledged', 'captured', 'order_management'] as const;

/** Whether an expectation is about the order after its purchase (meaningless for one never paid). */
export const needsPurchase = (e: Expectation): boolean => AFTER_PURCHASE.some((k) => k in e);

/**
 * The indexes of the expectations the journey broke: those that failed, less the after-purchase ones of a
 * journey whose order never completed (no push timeline).
 */
export function brokenExpectations(expect: Expectation[], result: ScenarioResult): number[] {
  const paid = result.push !== null;
  return result.expectations.flatMap((e, k) => (e.passed || (!paid && needsPurchase(expect[k]!)) ? [] : [k]));
}
