import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { bootedSim } from '../test-kit/booted-sim';
import { runOn } from '../test-kit/scenario-env';

let sim: Awaited<ReturnType<typeof bootedSim>>;
beforeAll(async () => {
  sim = await bootedSim();
});
afterAll(() => sim?.close());

const run = (files: { file: string; text: string }[]) => runOn(sim, files);

describe('a scenario run again and again against one simulator and its sample shop', () => {
  it('passes every time: the shop has 8 mugs, the example buys one per run, 12 runs', async () => {
    const file = 'scenarios/push-acknowledged.yaml';
    const text = readFileSync(resolve(import.meta.dirname, '../..', file), 'utf8');
    const report = await run(Array.from({ length: 12 }, () => ({ file, text })));
    const failed = report.scenarios.filter((s) => !s.passed).map((s) => s.error);
    expect(failed).toEqual([]);
    expect(report.totals.scenarios).toBe(12);
  }, 120_000);

  it('says what the merchant answered when its requests created no order', async () => {
    const text =
      'name: empty cart\norder: { from_merchant: [{ path: /checkout }] }\nsteps: []\nexpect: [{ push_attempts: {} }]\n';
    const report = await run([{ file: 'empty.yaml', text }]);
    expect(report.scenarios[0]!.error).toBe(
      `the merchant's requests created no checkout order with merchant_urls at ${new URL(sim.urls.shop).origin}; its last answer: GET /checkout → 200 “Checkout · Your cart is empty.”`,
    );
  }, 30_000);
});
