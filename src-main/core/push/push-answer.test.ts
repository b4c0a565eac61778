import { describe, expect, it } from 'vitest';
import type { RawAnswer } from '@shared/rules/callback-answers';
import { judgePush } from './push-answer';

const answer = (a: Partial<RawAnswer>): RawAnswer => ({ status: null, headers: {}, body: null, ...a });

describe('judgePush', () => {
  it('a 2xx is delivered; another status is bad_status with the push rule and why 200 is expected', () => {
    expect(judgePush(answer({ status: 202 }), 1000)).toEqual({
      outcome: 'delivered',
      value: 'delivered',
      violations: [],
    });
    expect(judgePush(answer({ status: 503 }), 1000)).toEqual({
      outcome: 'bad_status',
      value: 'bad_status',
      violations: [
        {
          rule: 'checkout-callbacks.push',
          path: 'push',
          message:
            'push answered 503: the spec expects 200 (the push is retried until the order is acknowledged, whatever the status)',
        },
      ],
    });
  });

  it('a timeout tells the merchant to answer at once, then fetch and acknowledge', () => {
    expect(judgePush(answer({ error: 'timeout' }), 10_000).violations).toEqual([
      {
        rule: 'checkout-callbacks.push',
        path: 'push',
        message:
          'no answer within 10000 ms (the setting callback_timeout_ms): answer 200 at once, then fetch and acknowledge the order',
      },
    ]);
  });

  it('a certificate that fails verification is refused, a closed port unreachable', () => {
    const refused = judgePush(
      answer({ error: 'unreachable', errorDetail: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' }),
      1,
    );
    expect(refused.outcome).toBe('refused');
    expect(judgePush(answer({ error: 'unreachable', errorDetail: 'ECONNREFUSED' }), 1).outcome).toBe(
      'unreachable',
    );
  });
});
