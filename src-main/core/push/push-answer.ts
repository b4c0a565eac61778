import { noAnswerWithin, type RawAnswer } from '@shared/rules/callback-answers';
import type { PushOutcome } from '@shared/schemas/push.schema';
import type { Judgement } from '../outbound/callback-client';

const RULE = 'checkout-callbacks.push';
// A call the production TLS rules kept from being sent, or whose certificate verification failed.
const REFUSED = /^not sent:|CERT|SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER/;

/**
 * What a push answer means. Only acknowledgement stops the schedule, so the outcome is for the timeline
 * and the log: any 2xx is delivered; anything else is recorded with why the spec expects a plain 200.
 */
export function judgePush(a: RawAnswer, timeoutMs: number): Judgement<PushOutcome> {
  if (a.error === 'timeout') {
    return {
      outcome: 'timeout',
      value: 'timeout',
      violations: [
        {
          rule: RULE,
          path: 'push',
          message: `${noAnswerWithin(timeoutMs)}: answer 200 at once, then fetch and acknowledge the order`,
        },
      ],
    };
  }
  if (a.error === 'unreachable') {
    const refused = REFUSED.test(a.errorDetail ?? '');
    return {
      outcome: refused ? 'refused' : 'unreachable',
      value: refused ? 'refused' : 'unreachable',
      violations: [],
    };
  }
  const status = a.status ?? 0;
  if (status >= 200 && status < 300) return { outcome: 'delivered', value: 'delivered', violations: [] };
  return {
    outcome: 'bad_status',
    value: 'bad_status',
    violations: [
      {
        rule: RULE,
        path: 'push',
        message: `push answered ${status}: the spec expects 200 (the push is retried until the order is acknowledged, whatever the status)`,
      },
    ],
  };
}
