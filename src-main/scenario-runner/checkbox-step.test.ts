import { describe, expect, it } from 'vitest';
import { scenarioEnv } from '../test-kit/scenario-env';
import { SAMPLE_ORDER } from '@shared/samples/samples';

// The customer's answer to a merchant's additional checkbox, as a scenario step: a required box left
// unchecked keeps the customer from paying, ticked it lets them, and the order carries the answer.

const { env, run: runFiles } = scenarioEnv();

// The sample order with two boxes (JSON is YAML); the runner fills in the merchant's URLs.
const { merchant_urls: _urls, ...ORDER } = SAMPLE_ORDER;
const CREATE = JSON.stringify({
  ...ORDER,
  options: {
    additional_checkboxes: [
      { id: 'terms', text: 'I accept the terms', checked: false, required: true },
      { id: 'newsletter', text: 'Send me news', checked: true, required: false },
    ],
  },
});

const scenario = (steps: string) => `
name: Terms must be accepted
order:
  create: ${CREATE}
steps:
  - address: { test_person: SE }
${steps}
  - complete:
expect:
  - step: { name: complete, outcome: completed }
  - customer_view: { status: checkout_complete }
`;

const run = (text: string) => runFiles([{ file: 'terms.yaml', text }]);

describe('the checkbox step', () => {
  it('ticks a required box so the customer can pay, unticks another, and the order says both', async () => {
    const report = await run(
      scenario(
        '  - checkbox: { key: terms, checked: true }\n  - checkbox: { key: newsletter, checked: false }',
      ),
    );
    const s = report.scenarios[0]!;
    expect(s.error).toBeNull();
    expect(s.passed).toBe(true);
    expect(s.steps.map((st) => [st.text, st.outcome])).toEqual([
      ['address: a test person in SE', 'applied'],
      ['checkbox terms: checked', 'checked'],
      ['checkbox newsletter: unchecked', 'unchecked'],
      ['pay', 'completed'],
    ]);
    expect(s.steps[1]!.message).toBe('The box is checked (required to pay).');
    const auth = `Basic ${Buffer.from('merchant:secret').toString('base64')}`;
    const order = (await (
      await fetch(`${env.sim.urls.api}/checkout/v3/orders/${s.order_id}`, {
        headers: { authorization: auth },
      })
    ).json()) as { merchant_requested: unknown };
    expect(order.merchant_requested).toEqual({
      additional_checkboxes: [
        { id: 'terms', checked: true },
        { id: 'newsletter', checked: false },
      ],
    });
  });

  it('without it, pay is refused and the scenario fails naming the box', async () => {
    const s = (await run(scenario(''))).scenarios[0]!;
    expect(s.passed).toBe(false);
    expect(s.error).toContain("the required checkbox 'terms' is not checked");
  });

  it('names the box the order does not have', async () => {
    const s = (await run(scenario('  - checkbox: { key: marketing, checked: true }'))).scenarios[0]!;
    expect(s.passed).toBe(false);
    expect(s.error).toBe(
      "checkbox marketing: checked answered 400: key: the order has no checkbox 'marketing' (its checkboxes: 'terms', 'newsletter')",
    );
  });
});
