import { describe, expect, it } from 'vitest';
import { rawAnswer } from '../test-kit/conformance-records';
import type { RawAnswer } from './callback-answers';
import { judgeRecommendations, judgeUpsellValidation, upsellLineProblems } from './upsell-answers';

/* The upsell callbacks' answers, as GAPS.md defines them (sim-defined payloads). */

const ans = (status: number | null, body: unknown, extra: Partial<RawAnswer> = {}): RawAnswer => ({
  ...rawAnswer(status, body),
  ...extra,
});
const timeout: RawAnswer = { status: null, headers: {}, body: null, error: 'timeout' };
const line = (over: Record<string, unknown> = {}) => ({
  name: 'Gift wrap',
  quantity: 1,
  unit_price: 2500,
  tax_rate: 2500,
  total_amount: 2500,
  total_tax_amount: 500,
  ...over,
});
const RULE = 'gaps.upsell';

describe('upsell: 200 {upsell_order_lines: […]}', () => {
  it('applies lines that pass the schema and reconcile', () => {
    expect(judgeRecommendations(ans(200, { upsell_order_lines: [line()] }), 1000)).toEqual({
      outcome: 'applied',
      lines: [line()],
    });
    expect(judgeRecommendations(ans(200, { upsell_order_lines: [] }), 1000)).toEqual({
      outcome: 'applied',
      lines: [],
    });
  });

  it('no answer: names the time limit and its setting, or why it could not be reached', () => {
    expect(judgeRecommendations(timeout, 3000)).toEqual({
      outcome: 'failed',
      reason: 'upsell gave no answer within 3000 ms (the setting callback_timeout_ms)',
      violations: [
        {
          rule: RULE,
          path: '(body)',
          message: 'upsell gave no answer within 3000 ms (the setting callback_timeout_ms)',
        },
      ],
    });
    expect(
      judgeRecommendations(
        { status: null, headers: {}, body: null, error: 'unreachable', errorDetail: 'ECONNREFUSED' },
        1,
      ),
    ).toMatchObject({ outcome: 'failed', reason: 'upsell could not be reached (ECONNREFUSED)' });
    expect(
      judgeRecommendations({ status: null, headers: {}, body: null, error: 'unreachable' }, 1),
    ).toMatchObject({ reason: 'upsell could not be reached (no detail)' });
  });

  it('a status other than 200 fails, naming it', () => {
    expect(judgeRecommendations(ans(204, null), 1)).toMatchObject({
      outcome: 'failed',
      reason: 'upsell answered 204, not 200',
    });
  });

  it('a body that is not the schema fails on its first problem, at its path', () => {
    expect(judgeRecommendations(ans(200, { upsell_order_lines: [line({ name: '' })] }), 1)).toEqual({
      outcome: 'failed',
      reason: 'upsell answered an invalid body: upsell_order_lines[0].name: must not be empty',
      violations: [
        {
          rule: RULE,
          path: 'upsell_order_lines[0].name',
          message: 'upsell answered an invalid body: upsell_order_lines[0].name: must not be empty',
        },
      ],
    });
    expect(judgeRecommendations(ans(200, 'not json'), 1)).toMatchObject({
      outcome: 'failed',
      reason: expect.stringMatching(/^upsell answered an invalid body: /),
    });
    expect(judgeRecommendations(ans(200, null), 1)).toMatchObject({ outcome: 'failed' });
  });

  it('lines that do not reconcile fail with every problem, the first in the reason', () => {
    const j = judgeRecommendations(
      ans(200, { upsell_order_lines: [line(), line({ total_amount: 2400, total_tax_amount: 100 })] }),
      1,
    );
    expect(j.outcome).toBe('failed');
    if (j.outcome !== 'failed') return;
    expect(j.reason).toMatch(
      /^upsell answered lines that do not reconcile: upsell_order_lines\[1\]\.total_amount: must equal quantity/,
    );
    expect(j.violations.map((v) => [v.rule, v.path])).toEqual([
      [RULE, 'upsell_order_lines[1].total_amount'],
      [RULE, 'upsell_order_lines[1].total_tax_amount'],
    ]);
  });

  it('upsellLineProblems names each line at its index under the given path', () => {
    expect(upsellLineProblems([line(), line({ total_amount: 1 })]).map((p) => p.path)).toEqual([
      'upsell_order_lines[1].total_amount',
      'upsell_order_lines[1].total_tax_amount',
    ]);
    expect(upsellLineProblems([line({ total_amount: 1 })], 'lines').map((p) => p.path)[0]).toBe(
      'lines[0].total_amount',
    );
  });
});

describe('upsell_validation: 200 allows, 4xx {"error"} denies', () => {
  it('200 allows', () => {
    expect(judgeUpsellValidation(ans(200, {}), 1)).toEqual({ outcome: 'allowed' });
  });

  it('a 4xx denies with the error to show the customer; without one it is flagged', () => {
    expect(judgeUpsellValidation(ans(400, { error: 'Out of stock' }), 1)).toEqual({
      outcome: 'denied',
      error: 'Out of stock',
      violations: [],
    });
    expect(judgeUpsellValidation(ans(499, { error: 3 }), 1)).toEqual({
      outcome: 'denied',
      error: null,
      violations: [
        {
          rule: RULE,
          path: 'error',
          message: 'a 499 denial should carry {"error": "…"} to show the customer',
        },
      ],
    });
    expect(judgeUpsellValidation(ans(403, 'nope'), 1)).toMatchObject({ outcome: 'denied', error: null });
  });

  it('other statuses and no answer fail', () => {
    expect(judgeUpsellValidation(ans(500, { error: 'x' }), 1)).toMatchObject({
      outcome: 'failed',
      reason: 'upsell_validation answered 500: 200 allows, 4xx denies',
    });
    expect(judgeUpsellValidation(ans(399, {}), 1)).toMatchObject({ outcome: 'failed' });
    expect(judgeUpsellValidation(ans(201, {}), 1)).toMatchObject({ outcome: 'failed' });
    expect(judgeUpsellValidation(timeout, 50)).toMatchObject({
      outcome: 'failed',
      reason: 'upsell_validation gave no answer within 50 ms (the setting callback_timeout_ms)',
    });
  });
});
