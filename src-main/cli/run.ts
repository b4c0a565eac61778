import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_CREDENTIALS } from '@shared/schemas/config.schema';
import type { ScenarioReport } from '@shared/schemas/scenario-report.schema';
import { boot } from '../boot/boot';
import { stderrLogger } from '../core/log';
import { scenarioLines, summaryLine } from '../scenarios/reporters/console-lines';
import { writeReports } from '../scenarios/reporters/write-reports';
import { runScenarios, type ScenarioSource } from '../scenarios/run-scenarios';
import { simApi } from '../scenarios/sim-api';
import { UsageError, type RunArgs } from './args';

const SCENARIO_FILE = /\.(ya?ml|json)$/i;

/** The files named, a folder standing for its scenario files (sorted); an unreadable one still counts. */
export function scenarioSources(paths: string[]): ScenarioSource[] {
  const files = paths.flatMap((p) => {
    try {
      if (statSync(p).isDirectory())
        return readdirSync(p)
          .filter((f) => SCENARIO_FILE.test(f))
          .sort()
          .map((f) => join(p, f));
    } catch {
      // Not there: reported as that scenario's error below.
    }
    return [p];
  });
  return files.map((file) => {
    try {
      return { file, text: readFileSync(file, 'utf8') };
    } catch (err) {
      return { file, text: '', error: `cannot read ${file}: ${(err as Error).message}` };
    }
  });
}

interface Target {
  api: string;
  credentials: { username: string; password: string };
  merchantUrl: string;
  consoleUrl: string | null;
  stop(): Promise<void>;
}

/** A running simulator (`--api`): its sample shop is the default merchant, its console takes the links. */
async function runningSimulator(args: RunArgs & { api: string }): Promise<Target> {
  const credentials = {
    username: args.username ?? DEFAULT_CREDENTIALS.username,
    password: args.password ?? DEFAULT_CREDENTIALS.password,
  };
  const app = await simApi({ api: args.api, credentials }).ok<{ urls: { console: string; shop: string } }>(
    'GET',
    '/test_helpers/app',
  );
  const merchantUrl = args.merchantUrl ?? app.urls.shop;
  if (!merchantUrl)
    throw new UsageError('the simulator at --api runs without its sample shop: give --merchant-url');
  return {
    api: args.api,
    credentials,
    merchantUrl,
    consoleUrl: app.urls.console || null,
    stop: async () => {},
  };
}

/** A simulator started in this process for the run: free ports, a temporary data folder, the sample shop. */
async function startedSimulator(args: RunArgs, shopModule: string): Promise<Target> {
  const dataDir = mkdtempSync(join(tmpdir(), 'checkout-sim-run-'));
  const booted = await boot({
    mode: 'browser',
    dataDir,
    config: {},
    log: stderrLogger(true),
    host: '127.0.0.1',
    ports: { api: 0, console: 0, integrator: 0, checkout: 0, shop: 0 },
    checkoutAssetsDir: null,
    shopModule,
  });
  return {
    api: booted.urls.api,
    credentials: booted.core.config.credentials,
    merchantUrl: args.merchantUrl ?? booted.urls.shop,
    consoleUrl: null,
    stop: async () => {
      await booted.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** `checkout-sim run`: prints a line per expectation as each scenario ends; 0 when all are met, else 1. */
export async function runCommand(
  args: RunArgs,
  o: { shopModule: string; write: (line: string) => void },
): Promise<{ code: number; report: ScenarioReport }> {
  const sources = scenarioSources(args.files);
  const target = args.api
    ? await runningSimulator({ ...args, api: args.api })
    : await startedSimulator(args, o.shopModule);
  let report: ScenarioReport;
  try {
    o.write(
      `Running ${sources.length} scenario file(s) against ${target.api}, merchant ${target.merchantUrl}`,
    );
    report = await runScenarios(sources, {
      api: target.api,
      credentials: target.credentials,
      merchantUrl: target.merchantUrl,
      consoleUrl: target.consoleUrl,
      onScenario: (s) => scenarioLines(s).forEach((l) => o.write(l)),
      parallel: args.parallel ?? availableParallelism(),
    });
  } finally {
    await target.stop();
  }
  writeReports(report, args.reporters);
  for (const r of args.reporters) o.write(`${r.kind} report: ${r.file}`);
  o.write(summaryLine(report));
  return { code: report.passed ? 0 : 1, report };
}
