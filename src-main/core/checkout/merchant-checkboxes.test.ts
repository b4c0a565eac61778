import { afterEach, describe, expect, it } from 'vitest';
import { FULL_ADDRESS, sessionEnv, failureOf } from '../../test-kit/session-env';

/*
 * options.additional_checkbox / additional_checkboxes: the customer's answer is the order's
 * merchant_requested (CO-API's shape), sent in callbacks; a required box left unchecked blocks pay.
 */

let env: Awaited<ReturnType<typeof sessionEnv>>;
afterEach(() => env?.close());

const OPTIONS = {
  options: {
    additional_checkbox: { text: 'Send me the newsletter', checked: false, required: false },
    additional_checkboxes: [
      { id: 'terms_extra', text: 'I accept the rental terms', checked: false, required: true },
      { id: 'sms', text: 'Text me on delivery', checked: true, required: false },
    ],
  },
};

const failure = failureOf;

describe('additional checkboxes and merchant_requested', () => {
  it('puts the defaults in merchant_requested at create, in the documented shape', async () => {
    env = await sessionEnv([], OPTIONS);
    expect(env.order.merchant_requested).toEqual({
      additional_checkbox: false,
      additional_checkboxes: [
        { id: 'terms_extra', checked: false },
        { id: 'sms', checked: true },
      ],
    });
    expect(env.core.customerView(env.id)!.checkboxes).toEqual([
      { key: 'merchant_checkbox', text: 'Send me the newsletter', required: false, checked: false },
      { key: 'terms_extra', text: 'I accept the rental terms', required: true, checked: false },
      { key: 'sms', text: 'Text me on delivery', required: false, checked: true },
    ]);
  });

  it('leaves merchant_requested out when the order asks no box, and the merchant cannot set it', async () => {
    env = await sessionEnv([], { merchant_requested: { additional_checkbox: true } });
    expect(env.order.merchant_requested).toBeUndefined();
  });

  it("records the customer's answer, and a required unchecked box blocks pay until checked", async () => {
    env = await sessionEnv([], OPTIONS);
    await env.core.steps.address(env.id, { billing_address: FULL_ADDRESS });
    await env.core.steps.checkbox(env.id, { key: 'merchant_checkbox', checked: true });
    await env.core.steps.checkbox(env.id, { key: 'sms', checked: false });
    const blocked = await failure(env.core.steps.complete(env.id, {}));
    expect(blocked).toMatchObject({ kind: 'conflict', code: 'CHECKBOX_REQUIRED' });
    expect(blocked.message).toContain("'terms_extra'");
    const order = await env.core.steps.checkbox(env.id, { key: 'terms_extra', checked: true });
    expect(order.merchant_requested).toEqual({
      additional_checkbox: true,
      additional_checkboxes: [
        { id: 'terms_extra', checked: true },
        { id: 'sms', checked: false },
      ],
    });
    const done = await env.core.steps.complete(env.id, {});
    expect(done.outcome).toBe('completed');
  });

  it('names an unknown checkbox and a malformed answer', async () => {
    env = await sessionEnv([], OPTIONS);
    expect(
      (await failure(env.core.steps.checkbox(env.id, { key: 'nope', checked: true }))).message,
    ).toContain("no checkbox 'nope'");
    expect(
      (await failure(env.core.steps.checkbox(env.id, { key: 'sms', checked: 'yes' }))).message,
    ).toContain('checked');
  });

  it('sends merchant_requested to the validation callback', async () => {
    env = await sessionEnv(['validation'], OPTIONS);
    await env.core.steps.address(env.id, { billing_address: FULL_ADDRESS });
    await env.core.steps.checkbox(env.id, { key: 'terms_extra', checked: true });
    await env.core.steps.complete(env.id, {});
    const sent = JSON.parse(env.stub.to(env.path('validation'))[0]!.body) as Record<string, unknown>;
    expect(sent.merchant_requested).toMatchObject({
      additional_checkboxes: [
        { id: 'terms_extra', checked: true },
        { id: 'sms', checked: true },
      ],
    });
  });

  it('refuses checkbox options without text or with the same id twice', async () => {
    env = await sessionEnv([]);
    const bad = (options: unknown) =>
      failure(Promise.resolve().then(() => env.core.orders.update(env.id, { options })));
    const dup = await bad({
      additional_checkboxes: [
        { id: 'a', text: 'x', checked: false, required: false },
        { id: 'a', text: 'y', checked: false, required: false },
      ],
    });
    expect(dup.message).toContain('options.additional_checkboxes');
    const noText = await bad({ additional_checkbox: { text: '', checked: false, required: false } });
    expect(noText.message).toContain('options.additional_checkbox.text');
  });
});
