import { afterAll, beforeAll } from 'vitest';
import type { ScenarioReport } from '@shared/schemas/scenario-report.schema';
import { runScenarios, type ScenarioSource } from '../scenario-runner/run-scenarios';
import { bootedSim, SIM_CREDENTIALS } from './booted-sim';
import { MerchantStub } from './merchant-stub';

type BootedSim = Awaited<ReturnType<typeof bootedSim>>;

/**
 * A booted simulator and a merchant stub for a test file's scenarios (started before its tests, stopped
 * after them), and `run`: scenario files run against the two, the stub as the merchant (runOn). A file's
 * own beforeAll, registered after this call, finds both started.
 */
export function scenarioEnv() {
  const env = {} as { sim: BootedSim; merchant: MerchantStub };
  beforeAll(async () => {
    env.sim = await bootedSim();
    env.merchant = await new MerchantStub().start();
  });
  afterAll(async () => {
    await env.merchant?.stop();
    await env.sim?.close();
  });
  const run = (files: ScenarioSource[], parallel?: number): Promise<ScenarioReport> =>
    runOn(env.sim, files, { merchantUrl: env.merchant.base, parallel });
  return { env, run };
}

/**
 * Scenario files run against a booted simulator with its credentials, `parallel` at a time; the merchant
 * is its sample shop unless `merchantUrl` says otherwise.
 */
export function runOn(
  sim: BootedSim,
  files: ScenarioSource[],
  o: { merchantUrl?: string; parallel?: number } = {},
): Promise<ScenarioReport> {
  return runScenarios(files, {
    api: sim.urls.api,
    credentials: SIM_CREDENTIALS,
    merchantUrl: o.merchantUrl ?? sim.urls.shop,
    consoleUrl: null,
    ...(o.parallel === undefined ? {} : { parallel: o.parallel }),
  });
}
