import { afterEach, describe, expect, it } from 'vitest';
import { pushOffsets } from '@shared/rules/push-schedule';
import type { PushWire } from '../../store/push-attempts.repo';
import { removeTempFolders } from '../../store/test-kit/main-files';
import {
  leftSending,
  pushUnitEnv,
  startedOrder,
  storeOrder,
  type PushUnitEnv,
} from './test-kit/push-unit-env';

afterEach(removeTempFolders);

const H = 3_600_000;
const applied = (env: PushUnitEnv) => env.faults.recorded.map((r) => [r.applied.fault, r.applied.attempt]);

describe('which attempt is the last of the window (push_gives_up)', () => {
  it('the 16th, once, when nobody acknowledges', async () => {
    const env = pushUnitEnv();
    env.faults.switchedOn.add('push_gives_up');
    const { firstDueMs } = startedOrder(env);
    await env.timers.fireDue(firstDueMs + 60 * H, true);
    expect(applied(env)).toEqual([['push_gives_up', 16]]);
  });

  it('not the one sent after the acknowledgement, which is the last without ending the window', async () => {
    const env = pushUnitEnv();
    env.faults.switchedOn.add('push_gives_up');
    const { orderId, firstDueMs } = startedOrder(env);
    await env.timers.fireDue(firstDueMs + pushOffsets()[2]!, true);
    env.push.stop(orderId);
    expect(env.push.afterAcknowledgement(orderId, 'https://m.test/after')).toBe(true);
    await env.timers.fireDue(env.clock.now(), true);
    // The fourth is numbered after the last made (the third), not after the second.
    expect(applied(env)).toEqual([['push_after_ack', 4]]);
  });

  it('not a resent attempt that had more after it', async () => {
    const env = pushUnitEnv();
    env.faults.switchedOn.add('push_gives_up');
    const { orderId, firstDueMs, schedule } = startedOrder(env);
    env.push.stop(orderId);
    const left = (number: number, wire: PushWire, claim: string | null) =>
      leftSending(env.db, {
        schedule,
        orderId,
        number,
        dueMs: firstDueMs + pushOffsets()[number - 1]!,
        wire,
        planned: `p-${number}`,
        claim,
      });
    left(2, 'written', null);
    left(3, 'claimed', JSON.stringify({ n: 3, url: 'https://m.test/again', first: firstDueMs }));
    env.clock.advance(2 * H);
    const { timers } = env.restart();
    expect(env.log.lines).toEqual([
      [
        'warn',
        'push attempts in flight when the simulator stopped: 0 answered (read from the exchange log), ' +
          '1 written and unanswered (interrupted), 1 never written (sent now)',
      ],
    ]);
    await timers.fireDue(env.clock.now(), false);
    expect(env.outbound.sent.map((r) => r.url)).toEqual(['https://m.test/again']);
    expect(applied(env)).toEqual([]);
  });
});

describe('push_after_ack needs a push schedule', () => {
  it('is refused for an order stored without one', () => {
    const env = pushUnitEnv();
    storeOrder(env.db, 'no-push', env.clock.now());
    expect(env.push.afterAcknowledgement('no-push', 'https://m.test/after')).toBe(false);
    expect(env.timers.forOrder('no-push')).toEqual([]);
  });
});
