import { afterAll, beforeAll } from 'vitest';
import type { ScenarioReport } from '@shared/schemas/scenario-report.schema';
import { runScenarios, type ScenarioSource } from '../scenario-runner/run-scenarios';
import { bootedSim, SIM_CREDENTIALS } from './booted-sim';
import { MerchantStub } from './merchant-stub';

/**
 * A booted simulator and a merchant stub for a test file's scenarios (started before its tests, stopped
 * after them), and `run`: scenario files run against the two (the stub is the merchant), `parallel` at a
 * time. A file's own beforeAll, registered after this call, finds both started.
 */
export function scenarioEnv() {
  const env = {} as { sim: Awaited<ReturnType<typeof bootedSim>>; merchant: MerchantStub };
  beforeAll(async () => {
    env.sim = await bootedSim();
    env.merchant = await new MerchantStub().start();
  });
  afterAll(async () => {
    await env.merchant?.stop();
    await env.sim?.close();
  });
  const run = (files: ScenarioSource[], parallel?: number): Promise<ScenarioReport> =>
    runScenarios(files, {
      api: env.sim.urls.api,
      credentials: SIM_CREDENTIALS,
      merchantUrl: env.merchant.base,
      consoleUrl: null,
      ...(parallel === undefined ? {} : { parallel }),
    });
  return { env, run };
}
