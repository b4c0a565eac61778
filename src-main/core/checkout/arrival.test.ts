import { afterEach, describe, expect, it } from 'vitest';
import { FULL_ADDRESS, sessionEnv } from '../../test-kit/session-env';

let env: Awaited<ReturnType<typeof sessionEnv>>;
afterEach(() => env?.close());

const PUSH = '/push';
const pay = async (input: Record<string, unknown> = {}) => {
  await env.core.steps.address(env.id, { billing_address: FULL_ADDRESS });
  const r = await env.core.steps.complete(env.id, input);
  expect(r.outcome).toBe('completed');
};
const confirmation = () => env.core.customerView(env.id)!.confirmation!;
/** Waits (without moving the simulator clock) until `check` holds. */
async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('who tells the merchant first: push or the confirmation redirect', () => {
  it('as the spec schedules it by default: redirect at once, the first push two minutes later', async () => {
    env = await sessionEnv([]);
    await pay();
    expect(confirmation()).toMatchObject({
      redirect: 'now',
      arrival: { mode: 'redirect_first', from: 'setting' },
      url: 'https://example.com/confirmation',
    });
    await env.core.clockControl.advance({ seconds: 119 });
    expect(env.stub.to(PUSH)).toHaveLength(0);
    await env.core.clockControl.advance({ seconds: 1 });
    expect(env.stub.to(PUSH)).toHaveLength(1);
  });

  it('push first: the first push goes at once (no clock move) and the redirect waits for its answer', async () => {
    env = await sessionEnv([]);
    let answer!: () => void;
    env.stub.on(PUSH, () => new Promise((r) => (answer = () => r({ status: 200, body: {} }))));
    await env.core.steps.setArrival(env.id, { mode: 'push_first' });
    expect(env.core.customerView(env.id)!.arrival_choice).toBe('push_first');
    await pay();
    await until(() => env.stub.to(PUSH).length === 1, 'the first push');
    expect(confirmation()).toMatchObject({
      redirect: 'after_push',
      arrival: { mode: 'push_first', from: 'order' },
    });
    answer();
    await until(() => confirmation().redirect === 'now', 'the redirect after the push was answered');
    const [first] = env.core.push.attempts(env.id);
    expect(first).toMatchObject({ number: 1, status: 200 });
    expect(Date.parse(first!.sent_at)).toBe(Date.parse(env.core.orders.load(env.id)!.order.completed_at!));
    // The rest of the schedule follows from the first attempt: the second five minutes later.
    await env.core.clockControl.advance({ seconds: 5 * 60 });
    expect(env.stub.to(PUSH)).toHaveLength(2);
  });

  it('push only: the customer never arrives; the setting decides when the order did not choose', async () => {
    env = await sessionEnv([]);
    env.core.settings.update({ confirmation_arrival: 'push_only' });
    await pay();
    expect(confirmation()).toMatchObject({
      redirect: 'never',
      arrival: { mode: 'push_only', from: 'setting' },
    });
    expect(env.core.om.arrivalOf(env.id)).toEqual({ mode: 'push_only', from: 'setting' });
  });

  it('the pay step may choose for itself; the choice is refused once the order is complete', async () => {
    env = await sessionEnv([]);
    await env.core.steps.setArrival(env.id, { mode: 'push_only' });
    await pay({ arrival: 'redirect_first' });
    expect(confirmation().arrival).toEqual({ mode: 'redirect_first', from: 'order' });
    await expect(env.core.steps.setArrival(env.id, { mode: 'push_first' })).rejects.toThrow(
      /can no longer be changed/,
    );
    await expect(env.core.steps.setArrival(env.id, { mode: 'later' })).rejects.toThrow(
      /mode: must be one of/,
    );
  });
});
