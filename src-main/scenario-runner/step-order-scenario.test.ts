import { beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_ORDER } from '@shared/samples/samples';
import { scenarioEnv } from '../test-kit/scenario-env';

// Issue 34 point 3: a scenario file that takes a customer step the real checkout could not offer at that
// point (shared/rules/step-order.ts) fails at that step, and its error says why: the step the customer is
// on and the one before. Such files used to pass, taking a shipping option nobody could have seen.

const { env, run: runFiles } = scenarioEnv();

const { merchant_urls: _urls, ...ORDER } = SAMPLE_ORDER;
const CREATE = JSON.stringify({
  ...ORDER,
  shipping_options: [
    { id: 'std', name: 'Standard', price: 0, tax_amount: 0, tax_rate: 0, preselected: true },
    { id: 'exp', name: 'Express', price: 4900, tax_amount: 0, tax_rate: 0 },
  ],
});

const run = async (steps: string) => {
  const text = `name: Out of order\norder:\n  create: ${CREATE}\nsteps:\n${steps}\nexpect:\n  - step: { name: complete, outcome: completed }\n`;
  return (await runFiles([{ file: 'order.yaml', text }])).scenarios[0]!;
};

beforeAll(() => {
  // Every order of this file answers shipping_option_update with malformed JSON: "the purchase stops".
  env.merchant.on('/kco/shipping_option_update', { status: 200, body: '{"shipping_options": [' });
});

describe('a scenario that takes a step out of the customer’s order', () => {
  it('fails at a shipping option chosen before any address, naming the address step', async () => {
    const s = await run('  - shipping_option: exp\n  - address: { test_person: SE }\n  - complete:');
    expect(s.passed).toBe(false);
    expect(s.error).toMatch(/^shipping option: exp answered 409: /);
    expect(s.error).toContain(
      'the customer cannot choose a shipping option now: they are on the address step',
    );
    // It stopped there, the refused step recorded in the error: neither the address nor pay was taken.
    expect(s.steps).toEqual([]);
  });

  it('fails at pay after shipping_option_update answered malformed JSON (the purchase stops)', async () => {
    const s = await run('  - address: { test_person: SE }\n  - shipping_option: exp\n  - complete:');
    expect(s.passed).toBe(false);
    expect(s.steps.map((st) => [st.text, st.outcome])).toEqual([
      ['address: a test person in SE', 'applied'],
      ['shipping option: exp', 'failed'],
    ]);
    expect(s.error).toMatch(/^pay answered 409: /);
    expect(s.error).toContain('they are on the shipping option step');
    expect(s.error).toContain('take the shipping option step again first');
  });
});
