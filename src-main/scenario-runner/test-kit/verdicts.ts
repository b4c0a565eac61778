/*
 * The verdicts the scenario-runner tests expect, written out field by field (not built with the
 * runner's own pass/fail, so a mistake there still fails the tests).
 */

/** A passed expectation or invariant: what it expected, what it saw, the exchanges it names. */
export const passing = (expected: string, seen: string, exchange_ids: string[] = []) => ({
  passed: true,
  expected,
  seen,
  exchange_ids,
});

/** A failed expectation or invariant: what it expected, what it saw, the exchanges it names. */
export const failing = (expected: string, seen: string, exchange_ids: string[]) => ({
  passed: false,
  expected,
  seen,
  exchange_ids,
});
