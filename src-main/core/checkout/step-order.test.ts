import { afterEach, describe, expect, it } from 'vitest';
import { FULL_ADDRESS, OPTIONS, sessionEnv } from '../../test-kit/session-env';

/*
 * Steps keep the customer's order (shared/rules/step-order.ts): a step the checkout could not offer at
 * that point is refused with 409 STEP_OUT_OF_ORDER, naming the step the customer is on and the one before.
 */

let env: Awaited<ReturnType<typeof sessionEnv>>;
afterEach(() => env?.close());

const address = () => env.core.steps.address(env.id, { billing_address: FULL_ADDRESS });
const pick = (id: string) => env.core.steps.shippingOption(env.id, { id });
const pay = () => env.core.steps.complete(env.id, {});
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: { status?: string; code?: string; message: string }) => e,
  );

describe('steps out of the customer’s order are refused', () => {
  it('a shipping option after a rejected address: the customer is on the address step', async () => {
    env = await sessionEnv(['address_update'], { shipping_options: OPTIONS });
    env.stub.on(env.path('address_update'), {
      status: 400,
      body: { error_type: 'address_error', error_text: 'We do not ship there' },
    });
    expect((await address()).outcome).toBe('rejected');
    const e = await refusal(pick('exp'));
    expect(e).toMatchObject({ code: 'STEP_OUT_OF_ORDER' });
    expect(e!.message).toMatch(
      /^the customer cannot choose a shipping option now: they are on the address step/,
    );
    expect(e!.message).toContain('the step before it: address, rejected');
    // The order keeps the preselected option: nothing was applied.
    expect(env.core.orders.load(env.id)!.order.selected_shipping_option?.id).toBe('std');
  });

  it('pay after the purchase stops (shipping_option_update answered malformed JSON)', async () => {
    env = await sessionEnv(['shipping_option_update'], { shipping_options: OPTIONS });
    await address();
    env.stub.on(env.path('shipping_option_update'), { status: 200, body: '{"shipping_options": [' });
    const step = await pick('exp');
    expect(step.outcome).toBe('failed');
    expect(step.message).toMatch(/^The purchase stops/);
    const e = await refusal(pay());
    expect(e).toMatchObject({ code: 'STEP_OUT_OF_ORDER' });
    expect(e!.message).toMatch(
      /they are on the shipping option step \(the step before it: shipping option, failed: The purchase stops/,
    );
    expect(e!.message).toMatch(/take the shipping option step again first$/);
    expect(env.core.orders.load(env.id)!.order.status).toBe('checkout_incomplete');
    // Taken again and accepted, the customer may pay.
    env.stub.on(env.path('shipping_option_update'), { status: 200, body: {} });
    expect((await pick('exp')).outcome).toBe('applied');
    expect((await pay()).outcome).toBe('completed');
  });

  it('pay while the address step failed after an address had been accepted', async () => {
    env = await sessionEnv(['address_update']);
    await address();
    env.stub.on(env.path('address_update'), { status: 500 });
    expect((await address()).outcome).toBe('failed');
    const e = await refusal(pay());
    expect(e!.message).toMatch(/they are on the address step \(the step before it: address, failed/);
  });
});
