import { afterEach, describe, expect, it } from 'vitest';
import { afterPurchaseEnv } from '../../test-kit/after-purchase-env';
import type { PushRecent } from '@shared/schemas/push.schema';

let env: Awaited<ReturnType<typeof afterPurchaseEnv>>;
afterEach(() => env?.close());

/**
 * A shop as the docs advise: it answers the push at once, then (after 50 ms of its own work) reads the
 * order, sets its reference and acknowledges, in the background.
 */
function acknowledgesAfterWork(e: typeof env, workMs = 50) {
  // A window well past the shop's 50 ms, so a test file beside this one on two cores cannot make it late.
  if (workMs === 50) e.core.settings.update({ advance_quiet_ms: 1000 });
  e.stub.on('/push', (req) => {
    const id = new URL(req.url, 'http://x').searchParams.get('order')!;
    setTimeout(() => {
      void (async () => {
        await e.api('GET', `/ordermanagement/v1/orders/${id}`);
        await e.api('PATCH', `/ordermanagement/v1/orders/${id}/merchant-references`, {
          merchant_reference1: 'shop-1',
        });
        await e.api('POST', `/ordermanagement/v1/orders/${id}/acknowledge`);
      })();
    }, workMs);
    return { status: 200 };
  });
}

/** The push attempts made, and the merchant's own requests with the simulator time each was recorded at. */
async function record(e: typeof env) {
  const attempts = e.core.push.attempts(e.id);
  await e.core.exchanges.flush();
  const log = await e.core.exchanges.list({ orderId: e.id, ascending: true });
  const merchant = log.filter((x) => x.direction === 'in' && x.kind.startsWith('ordermanagement.'));
  return { attempts, merchant: merchant.map((x) => [x.kind, x.at]) };
}

describe('advancing the clock waits for the merchant (causal)', () => {
  for (const [name, advance] of [
    ['+1 hour', { seconds: 3600 }],
    ['+1 day', { seconds: 86_400 }],
    ['advance to the next event', { until: 'next_event' }],
  ] as const) {
    it(`${name}: a shop acknowledging after 50 ms of work reads "acknowledged after attempt 1"`, async () => {
      env = await afterPurchaseEnv();
      acknowledgesAfterWork(env);
      await env.complete();
      await env.core.clockControl.advance(advance);
      const { attempts, merchant } = await record(env);
      expect(attempts.map((a) => a.number)).toEqual([1]);
      const first = attempts[0]!.sent_at;
      // The reactions are recorded at the time of the attempt that caused them.
      expect(merchant).toEqual([
        ['ordermanagement.read', first],
        ['ordermanagement.merchant_references', first],
        ['ordermanagement.acknowledge', first],
      ]);
      // What the Push page reads.
      const overview = await env.core.control.invoke('push.overview', {});
      const row = (overview as { recent: PushRecent[] }).recent[0];
      expect([row!.state, row!.attempts_made, row!.acknowledged_at]).toEqual(['acknowledged', 1, first]);
      // Nothing is left to send: a further day sends no second push.
      await env.core.clockControl.advance({ seconds: 86_400 });
      expect(env.stub.to('/push')).toHaveLength(1);
    });
  }

  it('a test clock advance waits alike', async () => {
    env = await afterPurchaseEnv();
    acknowledgesAfterWork(env);
    await env.complete();
    const clock = env.core.testClocks.create({ name: 'causal' });
    env.core.testClocks.bind({ clockId: clock.clock_id, order_id: env.id });
    await env.core.testClocks.advance({ clockId: clock.clock_id, seconds: 3600 });
    const { attempts, merchant } = await record(env);
    expect(attempts.map((a) => a.number)).toEqual([1]);
    expect(merchant.map(([, at]) => at)).toEqual(Array(3).fill(attempts[0]!.sent_at));
  });

  it('waits no longer than the merchant takes: quiet counts from its last request, not from the instant', async () => {
    env = await afterPurchaseEnv();
    env.core.settings.update({ advance_quiet_ms: 1500 });
    // A slower shop (300 ms of work): inside the window counted from the push's answer.
    acknowledgesAfterWork(env, 300);
    await env.complete();
    await env.core.clockControl.advance({ seconds: 3600 });
    const { attempts, merchant } = await record(env);
    expect(attempts.map((a) => a.number)).toEqual([1]);
    expect(merchant).toHaveLength(3);
  });
});
