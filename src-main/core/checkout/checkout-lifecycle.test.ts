import { afterEach, describe, expect, it } from 'vitest';
import { FULL_ADDRESS, sessionEnv, failureOf } from '../../test-kit/session-env';

let env: Awaited<ReturnType<typeof sessionEnv>>;
afterEach(() => env?.close());

const failure = failureOf;

describe('steps out of order and bad input', () => {
  it('refuses to pay before an address, with a clear conflict', async () => {
    env = await sessionEnv([]);
    expect(await failure(env.core.steps.complete(env.id, {}))).toMatchObject({
      kind: 'conflict',
      code: 'STEP_OUT_OF_ORDER',
    });
  });

  it('names missing address fields and malformed input', async () => {
    env = await sessionEnv([]);
    const f = await failure(
      env.core.steps.address(env.id, { billing_address: { country: 'SE', given_name: 'A' } }),
    );
    expect(f.message).toContain('billing_address.family_name: is required');
    expect((await failure(env.core.steps.address(env.id, { billing_address: 'x' }))).message).toContain(
      'billing_address',
    );
    expect((await failure(env.core.steps.country(env.id, {}))).message).toContain('country: is required');
  });

  it('asks for the country step when the address is in another country', async () => {
    env = await sessionEnv([], { shipping_countries: ['SE', 'NO'] });
    const f = await failure(
      env.core.steps.address(env.id, { billing_address: { ...FULL_ADDRESS, country: 'NO' } }),
    );
    expect(f).toMatchObject({ code: 'STEP_OUT_OF_ORDER' });
  });

  it('answers an unknown order with not found', async () => {
    env = await sessionEnv([]);
    expect(await failure(env.core.steps.country('nope', { country: 'SE' }))).toMatchObject({
      kind: 'not_found',
    });
  });
});

describe('update, abort, completion and expiry', () => {
  it('updates only while checkout_incomplete; then READ_ONLY_ORDER', async () => {
    env = await sessionEnv([]);
    const updated = env.core.orders.update(env.id, { merchant_reference1: 'R-1' });
    expect(updated.merchant_reference1).toBe('R-1');
    await env.core.steps.address(env.id, { billing_address: FULL_ADDRESS });
    await env.core.steps.complete(env.id, {});
    expect(() => env.core.orders.update(env.id, { merchant_reference1: 'R-2' })).toThrow(
      /can no longer be changed/,
    );
  });

  it('completes atomically: if the hand-off to order management fails, the order is not completed', async () => {
    env = await sessionEnv([]);
    await env.core.steps.address(env.id, { billing_address: FULL_ADDRESS });
    const seen: string[] = [];
    env.core.events.on('order.updated', (o) => seen.push(o.status));
    let fail = true;
    env.core.domain.on('checkout.completed', () => {
      if (fail) throw new Error('disk full');
    });
    await expect(env.core.steps.complete(env.id, {})).rejects.toThrow('disk full');
    expect(env.core.orders.load(env.id)?.order.status).toBe('checkout_incomplete');
    expect(JSON.parse(env.core.orders.getJson(env.id)).status).toBe('checkout_incomplete');
    expect(() => env.core.om.get(env.id)).toThrow();
    // The console is not told of a completion that rolled back; it is of one that committed.
    expect(seen).toEqual([]);
    fail = false;
    await env.core.steps.complete(env.id, {});
    expect(seen).toEqual(['checkout_complete']);
  });

  it('checks the arithmetic of an update and refuses read-only fields silently', async () => {
    env = await sessionEnv([]);
    expect(() => env.core.orders.update(env.id, { order_amount: 1 })).toThrow(
      /order_amount: must equal the sum/,
    );
    expect(env.core.orders.update(env.id, { status: 'checkout_complete' }).status).toBe(
      'checkout_incomplete',
    );
  });

  it('an aborted order reads but cannot change', async () => {
    env = await sessionEnv([]);
    env.core.orders.abort(env.id);
    expect(JSON.parse(env.core.orders.getJson(env.id)).order_id).toBe(env.id);
    expect(await failure(env.core.steps.country(env.id, { country: 'SE' }))).toMatchObject({
      code: 'READ_ONLY_ORDER',
    });
  });

  it('expires 48 hours after the last merchant update or customer interaction', async () => {
    env = await sessionEnv([]);
    env.clock.advance(47 * 3600_000);
    await env.core.steps.address(env.id, { billing_address: FULL_ADDRESS }); // an interaction restarts the 48 hours
    env.clock.advance(47 * 3600_000);
    expect(() => env.core.orders.getJson(env.id)).not.toThrow();
    env.clock.advance(2 * 3600_000);
    expect(() => env.core.orders.getJson(env.id)).toThrow(/expired at/);
    expect(() => env.core.orders.update(env.id, { merchant_reference1: 'x' })).toThrow(/expired at/);
    expect(env.core.orders.list()[0]?.status).toBe('expired');
  });

  it('a completed order does not expire', async () => {
    env = await sessionEnv([]);
    await env.core.steps.address(env.id, { billing_address: FULL_ADDRESS });
    await env.core.steps.complete(env.id, {});
    env.clock.advance(100 * 3600_000);
    expect(JSON.parse(env.core.orders.getJson(env.id)).status).toBe('checkout_complete');
  });

  it('keeps every step in the session history', async () => {
    env = await sessionEnv([]);
    await env.core.steps.address(env.id, { billing_address: FULL_ADDRESS });
    await env.core.steps.complete(env.id, {});
    expect(env.core.orders.load(env.id)?.state.history.map((h) => [h.step, h.outcome])).toEqual([
      ['address', 'applied'],
      ['complete', 'completed'],
    ]);
  });
});
