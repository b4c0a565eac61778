import type { PushOutcome } from '@shared/schemas/push.schema';
import type { RawAnswer } from '@shared/rules/callback-answers';
import type { Judgement } from '../outbound/callback-client';
import { judgeAnswer, type AnswerRule } from '../outbound/answer-judge';

const PUSH: AnswerRule = {
  rule: 'checkout-callbacks.push',
  path: 'push',
  onTimeout: 'answer 200 at once, then fetch and acknowledge the order',
  onStatus: (status) =>
    `push answered ${status}: the spec expects 200 (the push is retried until the order is acknowledged, whatever the status)`,
};

/**
 * What a push answer means. Only acknowledgement stops the schedule, so the outcome is for the timeline
 * and the log: any 2xx is delivered; anything else is recorded with why the spec expects a plain 200.
 */
export function judgePush(a: RawAnswer, timeoutMs: number): Judgement<PushOutcome> {
  return judgeAnswer(a, timeoutMs, PUSH);
}
