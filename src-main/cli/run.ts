import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { isAbsolute, join, relative, sep } from 'node:path';
import { parseAnswerPath, type AnswerPath } from '@shared/rules/compare-path';
import { DEFAULT_CREDENTIALS } from '@shared/schemas/config.schema';
import type { ScenarioReport } from '@shared/schemas/scenario-report.schema';
import { silentLogger, stderrLogger } from '../core/log';
import { containRequestErrors } from '../http/request-scope';
import { comparer, differs } from '../scenario-runner/compare/compare-reports';
import { comparisonLines, scenarioLines, summaryLine } from '../scenario-runner/reporters/console-lines';
import { writeReports } from '../scenario-runner/reporters/write-reports';
import { runScenarios } from '../scenario-runner/run-scenarios';
import { parseScenario } from '../scenario-runner/scenario-file';
import type { ScenarioSource } from '../scenario-runner/run-scenarios';
import { SimCallError, simApi } from '../scenario-runner/sim-api';
import { UsageError, type RunArgs } from './args';
import { readEarlierReport } from './earlier-report';
import { EXIT, invalidFiles, scenarioSources } from './scenario-files';

interface Target {
  api: string;
  credentials: { username: string; password: string };
  merchantUrl: string;
  consoleUrl: string | null;
  stop(): Promise<void>;
}

/** The socket errors that mean nothing listens at the address (or the name leads nowhere). */
const NOTHING_THERE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/** The first call to `--api`: when nothing answers there, a line saying what to do instead of the socket error. */
async function appAt(args: RunArgs & { api: string }, credentials: { username: string; password: string }) {
  try {
    return await simApi({ api: args.api, credentials }).ok<{ urls: { console: string; shop: string } }>(
      'GET',
      '/test_helpers/app',
    );
  } catch (err) {
    const code = (err as { cause?: { cause?: { code?: string } } }).cause?.cause?.code;
    if (!(err instanceof SimCallError) || !code || !NOTHING_THERE.has(code)) throw err;
    throw new SimCallError(
      `no simulator answers at ${args.api} (${code}): start one with \`checkout-sim serve\` and give its API address, or drop --api to have one started for this run`,
    );
  }
}

/** A running simulator (`--api`): its sample shop is the default merchant, its console takes the links. */
export async function runningSimulator(args: RunArgs & { api: string }): Promise<Target> {
  const credentials = {
    username: args.username ?? DEFAULT_CREDENTIALS.username,
    password: args.password ?? DEFAULT_CREDENTIALS.password,
  };
  const app = await appAt(args, credentials);
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

/**
 * A simulator started in this process for the run: free ports, a temporary data folder, the sample shop.
 * `quietShop`: the sample shop's own lines are not printed (`explore --quiet`: its journeys send carts and
 * addresses the shop warns about by design, hundreds of lines in a run); the simulator's warnings still are.
 */
export async function startedSimulator(
  args: RunArgs,
  shopModule: string,
  quietShop = false,
): Promise<Target> {
  const dataDir = mkdtempSync(join(tmpdir(), 'checkout-sim-run-'));
  const log = stderrLogger(true);
  // As under `serve`: an exception escaping a request's work (the simulator's, the sample shop's) is that
  // request's failure, logged, and the run goes on to its verdict (request-scope.ts).
  const uncontain = containRequestErrors(log);
  // Loaded here, not with the module: a run against --api needs none of the simulator's store and servers.
  const { boot } = await import('../boot/boot');
  const booted = await boot({
    mode: 'browser',
    dataDir,
    config: {},
    log,
    host: '127.0.0.1',
    ports: { api: 0, console: 0, integrator: 0, checkout: 0, shop: 0 },
    checkoutAssetsDir: null,
    shopModule,
    ...(quietShop ? { shopLog: silentLogger } : {}),
  });
  return {
    api: booted.urls.api,
    credentials: booted.core.config.credentials,
    merchantUrl: args.merchantUrl ?? booted.urls.shop,
    consoleUrl: null,
    stop: async () => {
      await booted.stop();
      uncontain();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A file as both reports name it: relative to the working folder, slashes one way. */
const fileKey = (file: string) =>
  (isAbsolute(file) ? relative(process.cwd(), file) : file)
    .split(sep)
    .join('/')
    .replace(/^(\.\/)+/, '');

/** The comparison of --compare: the earlier report (exit 2 when it cannot be used) and the ignore paths. */
function comparison(args: RunArgs, sources: ScenarioSource[]) {
  if (args.compare === undefined) return null;
  const earlier = readEarlierReport(args.compare);
  // The files are valid by now; each may list its own paths not to compare.
  const own = new Map<string, AnswerPath[]>(
    sources.map((s) => [
      s.file,
      (parseScenario(s.text, s.file).compare?.ignore ?? []).map((p) => parseAnswerPath(p) as AnswerPath),
    ]),
  );
  return comparer(earlier, {
    earlierFile: args.compare,
    ignore: args.ignore,
    ignoreOf: (file) => own.get(file) ?? [],
    fileKey,
  });
}

/**
 * `checkout-sim run`: checks every file first (an invalid one: its problems, nothing run, exit 2), and
 * the --compare report, then prints a line per expectation (and difference) as each scenario ends; 0 when
 * all are met and, with --compare, nothing differs; else 1.
 */
export async function runCommand(
  args: RunArgs,
  o: { shopModule: string; write: (line: string) => void },
): Promise<{ code: number; report: ScenarioReport | null }> {
  const sources = scenarioSources(args.files);
  const invalid = invalidFiles(sources);
  if (invalid.length) {
    for (const i of invalid) o.write(`INVALID ${i.problem}`);
    const n = sources.length;
    o.write(`${invalid.length} of ${n} scenario file${n === 1 ? '' : 's'} invalid: nothing was run`);
    return { code: EXIT.invalid, report: null };
  }
  const compare = comparison(args, sources);
  const target = args.api
    ? await runningSimulator({ ...args, api: args.api })
    : await startedSimulator(args, o.shopModule);
  const place = { api: target.api, merchant_url: target.merchantUrl, console_url: target.consoleUrl };
  let report: ScenarioReport;
  try {
    o.write(
      `Running ${sources.length} scenario file(s) against ${target.api}, merchant ${target.merchantUrl}`,
    );
    report = await runScenarios(sources, {
      api: target.api,
      credentials: target.credentials,
      merchantUrl: target.merchantUrl,
      merchantOverride: args.merchantUrl !== undefined,
      consoleUrl: target.consoleUrl,
      onScenario: (s) => scenarioLines(compare ? compare.scenario(s, place) : s).forEach((l) => o.write(l)),
      parallel: args.parallel ?? availableParallelism(),
    });
  } finally {
    await target.stop();
  }
  if (compare) report = compare.report(report);
  writeReports(report, args.reporters);
  for (const r of args.reporters) o.write(`${r.kind} report: ${r.file}`);
  comparisonLines(report).forEach((l) => o.write(l));
  o.write(summaryLine(report));
  return { code: report.passed && !differs(report) ? EXIT.passed : EXIT.failed, report };
}
