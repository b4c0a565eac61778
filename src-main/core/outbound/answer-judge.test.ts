import { describe, expect, it } from 'vitest';
import type { RawAnswer } from '@shared/rules/callback-answers';
import { judgeAnswer, refusedByTls, type AnswerRule } from './answer-judge';

const RULE: AnswerRule = {
  rule: 'r.rule',
  path: 'p',
  onTimeout: 'answer at once',
  onStatus: (s) => `answered ${s}`,
};
const answer = (a: Partial<RawAnswer>): RawAnswer => ({ status: null, headers: {}, body: null, ...a });

describe('refusedByTls', () => {
  it.each([
    'not sent: production TLS rules refuse http://',
    'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
    'UNABLE_TO_GET_ISSUER_CERT',
    'SELF_SIGNED_CERT_IN_CHAIN',
    'ERR_TLS_CERT_ALTNAME_INVALID',
  ])('%s is a refusal', (detail) => expect(refusedByTls(detail)).toBe(true));
  it.each([undefined, '', 'connect ECONNREFUSED', 'socket hang up; not sent: later'])('%s is not', (detail) =>
    expect(refusedByTls(detail)).toBe(false),
  );
});

describe('judgeAnswer', () => {
  it('any 2xx is delivered, with no violation', () => {
    for (const status of [200, 204, 299]) {
      expect(judgeAnswer(answer({ status }), 1000, RULE)).toEqual({
        outcome: 'delivered',
        value: 'delivered',
        violations: [],
      });
    }
  });
  it('anything else answered is bad_status, told with the status', () => {
    for (const status of [199, 300, 500]) {
      expect(judgeAnswer(answer({ status }), 1000, RULE)).toEqual({
        outcome: 'bad_status',
        value: 'bad_status',
        violations: [{ rule: 'r.rule', path: 'p', message: `answered ${status}` }],
      });
    }
    expect(judgeAnswer(answer({}), 1000, RULE).violations[0]!.message).toBe('answered 0');
  });
  it('a timeout breaks the rule, naming the time', () => {
    const j = judgeAnswer(answer({ error: 'timeout', status: 200 }), 2500, RULE);
    expect(j.outcome).toBe('timeout');
    expect(j.value).toBe('timeout');
    expect(j.violations).toEqual([
      { rule: 'r.rule', path: 'p', message: expect.stringMatching(/2500.*: answer at once$/) },
    ]);
  });
  it('unreachable or refused, with no violation (the merchant did not answer wrongly)', () => {
    expect(judgeAnswer(answer({ error: 'unreachable', errorDetail: 'ECONNREFUSED' }), 1, RULE)).toEqual({
      outcome: 'unreachable',
      value: 'unreachable',
      violations: [],
    });
    expect(judgeAnswer(answer({ error: 'unreachable' }), 1, RULE).outcome).toBe('unreachable');
    expect(
      judgeAnswer(answer({ error: 'unreachable', errorDetail: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' }), 1, RULE),
    ).toEqual({
      outcome: 'refused',
      value: 'refused',
      violations: [],
    });
  });
});
