import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { bootedSim, SIM_CREDENTIALS } from '../../test-support/booted-sim';
import { runScenarios } from '../../scenario-runner/run-scenarios';
import { parseScenario } from '../../scenario-runner/scenario-file';

const DIR = resolve(import.meta.dirname, '../../../scenarios');
const auth = `Basic ${Buffer.from(`${SIM_CREDENTIALS.username}:${SIM_CREDENTIALS.password}`).toString('base64')}`;

let sim: Awaited<ReturnType<typeof bootedSim>>;
beforeAll(async () => {
  sim = await bootedSim();
});
afterAll(() => sim?.close());

const run = (text: string, file: string) =>
  runScenarios([{ file, text }], {
    api: sim.urls.api,
    credentials: SIM_CREDENTIALS,
    merchantUrl: sim.urls.shop,
    consoleUrl: null,
  });
const verdicts = (r: Awaited<ReturnType<typeof run>>) =>
  r.scenarios.flatMap((s) => [
    `${s.passed ? 'PASS' : 'FAIL'} ${s.error ?? ''}`,
    ...s.expectations.map((e) => `${e.passed ? '✓' : '✗'} ${e.text} — seen ${e.seen}`),
  ]);

/** The shop's Misbehave page, as a developer switches it. */
async function misbehave(...keys: string[]): Promise<void> {
  const form = new URLSearchParams(keys.map((k) => [k, 'on']));
  const res = await fetch(`${sim.urls.shop}/switches`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    redirect: 'manual',
  });
  expect(res.status).toBe(303);
}

/** A journey made by running an example against the shop, then saved through the automation API. */
async function saved(example: string): Promise<string> {
  const report = await run(readFileSync(resolve(DIR, example), 'utf8'), example);
  expect(report.passed, verdicts(report).join('\n')).toBe(true);
  const id = report.scenarios[0]!.order_id!;
  const res = await fetch(`${sim.urls.api}/test_helpers/checkout/orders/${id}/scenario`, {
    headers: { authorization: auth },
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/yaml/);
  return res.text();
}

describe('a saved journey reproduces (issue #27 point 2)', () => {
  it('passes against the same shop, and fails naming the expectation once the shop never acknowledges', async () => {
    const yaml = await saved('push-acknowledged.yaml');
    const scenario = parseScenario(yaml, 'saved.yaml');
    expect(scenario.order?.from_merchant?.[0]).toEqual({
      method: 'POST',
      path: '/cart/lines',
      form: { product: 'enamel-mug', action: 'add' },
    });
    expect(scenario.steps).toContainEqual({ complete: { arrival: 'push_only' } });
    expect(scenario.steps).toContainEqual({ advance: '2m' });
    expect(scenario.expect).toContainEqual({ acknowledged: { within: '1s' } });
    expect(yaml).toMatch(/# seen: push attempt 1 answered 200 at \+2m/);

    const again = await run(yaml, 'saved.yaml');
    expect(again.passed, verdicts(again).join('\n')).toBe(true);

    await misbehave('neverAcknowledge');
    try {
      const changed = await run(yaml, 'saved.yaml');
      expect(changed.passed).toBe(false);
      const failed = changed.scenarios[0]!.expectations.filter((e) => !e.passed).map((e) => e.text);
      expect(failed).toContain('acknowledged within 1 s of the first push');
    } finally {
      await misbehave();
    }
  }, 60_000);

  it('a purchase with a country, an address and a shipping option passes again, and fails once address_update answers 500', async () => {
    const yaml = await saved('purchase-repricing-shipping-fee.yaml');
    const scenario = parseScenario(yaml, 'saved.yaml');
    expect(scenario.steps.map((s) => Object.keys(s)[0])).toEqual([
      'country',
      'address',
      'shipping_option',
      'complete',
    ]);
    expect(scenario.expect).toContainEqual({ callback: { name: 'address_update', status: '2xx' } });
    const again = await run(yaml, 'saved.yaml');
    expect(again.passed, verdicts(again).join('\n')).toBe(true);

    await misbehave('failAddress');
    try {
      const changed = await run(yaml, 'saved.yaml');
      const failed = changed.scenarios[0]!.expectations.filter((e) => !e.passed).map((e) => e.text);
      expect(failed.join('\n')).toMatch(/address_update/);
    } finally {
      await misbehave();
    }
  }, 60_000);

  it('the shop shipping (its capture) 18 hours later, and a fraud review resolved, pass again', async () => {
    for (const example of ['capture-within-24h.yaml', 'fraud-review-notification.yaml']) {
      const yaml = await saved(example);
      const again = await run(yaml, example);
      expect(again.passed, `${yaml}\n${verdicts(again).join('\n')}`).toBe(true);
    }
  }, 60_000);
});
