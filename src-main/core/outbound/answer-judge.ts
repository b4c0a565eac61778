import { noAnswerWithin, type RawAnswer } from '@shared/rules/callback-answers';
import type { Judgement } from './callback-client';
import { CERT_ERROR } from './tls-policy';

/** What the merchant's answer to a fire-and-forget POST (push, fraud notification) came to. */
export type AnswerOutcome = 'delivered' | 'bad_status' | 'timeout' | 'unreachable' | 'refused';

/** The callback being judged: its rule and path in violations, and what the spec asks for instead. */
export interface AnswerRule {
  rule: string;
  path: string;
  /** Appended to "no answer within N ms: …". */
  onTimeout: string;
  onStatus(status: number): string;
}

/**
 * True when the call was never answered because the production TLS rules kept it from being sent
 * (`not sent: …`) or the merchant's certificate failed verification (Node's error codes).
 */
export function refusedByTls(errorDetail: string | undefined): boolean {
  const detail = errorDetail ?? '';
  return detail.startsWith('not sent:') || CERT_ERROR.test(detail);
}

/**
 * The one judge of a merchant's answer to push and to the fraud notification: any 2xx is delivered;
 * a timeout, a non-2xx status and a TLS refusal are told apart; only the first two break the spec.
 */
export function judgeAnswer(a: RawAnswer, timeoutMs: number, r: AnswerRule): Judgement<AnswerOutcome> {
  if (a.error === 'timeout') {
    const message = `${noAnswerWithin(timeoutMs)}: ${r.onTimeout}`;
    return { outcome: 'timeout', value: 'timeout', violations: [{ rule: r.rule, path: r.path, message }] };
  }
  if (a.error === 'unreachable') {
    const outcome = refusedByTls(a.errorDetail) ? 'refused' : 'unreachable';
    return { outcome, value: outcome, violations: [] };
  }
  const status = a.status ?? 0;
  if (status >= 200 && status < 300) return { outcome: 'delivered', value: 'delivered', violations: [] };
  const message = r.onStatus(status);
  return {
    outcome: 'bad_status',
    value: 'bad_status',
    violations: [{ rule: r.rule, path: r.path, message }],
  };
}
