import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { formatDuration, parseDuration } from '@shared/rules/duration';
import { progressLine } from '@shared/format/explore-progress';
import {
  ExploreConfigSchema,
  type ExploreConfig,
  type ExploreProgress,
  type ExploreReport,
} from '@shared/schemas/explore.schema';
import { startExploreRun } from '../core/explore-runs';
import { writeExploreReports } from '../explore/explore-reports';
import type { ReporterSpec } from '../scenario-runner/reporters/write-reports';
import { UsageError } from './args';
import { parseOptions, parseReporters, REPORTER_OPTION, SIMULATOR_OPTIONS, simulatorTarget } from './options';
import { runningSimulator, startedSimulator } from './run';
import { EXIT } from './scenario-files';

export interface ExploreArgs {
  api?: string;
  merchantUrl?: string;
  username?: string;
  password?: string;
  runs?: number;
  timeLimitMs?: number;
  seed: number;
  parallel: number;
  out?: string;
  reporters: ReporterSpec[];
  config: ExploreConfig;
  quiet: boolean;
}

const whole = (flag: string, v: string | undefined, min: number, max: number): number | undefined => {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!(Number.isInteger(n) && n >= min && n <= max))
    throw new UsageError(`${flag} must be a whole number from ${min} to ${max}, got '${v}'`);
  return n;
};

/** The config file: YAML or JSON, checked field by field; a problem names the file and the field. */
export function readExploreConfig(file: string): ExploreConfig {
  let raw: unknown;
  try {
    raw = parseYaml(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new UsageError(`--config ${file}: ${(err as Error).message.split('\n')[0]}`);
  }
  const parsed = ExploreConfigSchema.safeParse(raw ?? {});
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(the file)'}: ${i.message}`);
    throw new UsageError(`--config ${file}: ${problems.join('; ')}`);
  }
  return parsed.data;
}

/** The options of `checkout-sim explore`. */
export function parseExploreArgs(argv: string[]): ExploreArgs {
  const { values: v } = parseOptions({
    args: argv,
    options: {
      ...SIMULATOR_OPTIONS,
      runs: { type: 'string' },
      'time-limit': { type: 'string' },
      seed: { type: 'string' },
      parallel: { type: 'string' },
      out: { type: 'string' },
      ...REPORTER_OPTION,
      config: { type: 'string' },
      quiet: { type: 'boolean', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  const reporters = parseReporters(v.reporter);
  const timeLimit = v['time-limit'];
  const timeLimitMs = timeLimit === undefined ? undefined : (parseDuration(timeLimit) ?? undefined);
  if (timeLimit !== undefined && !timeLimitMs)
    throw new UsageError(`--time-limit must be a duration such as 60s or 5m, got '${timeLimit}'`);
  return {
    ...simulatorTarget(v),
    runs: whole('--runs', v.runs, 1, 1_000_000),
    timeLimitMs,
    seed: whole('--seed', v.seed, -2_147_483_648, 2_147_483_647) ?? (Math.random() * 2 ** 31) | 0,
    parallel: whole('--parallel', v.parallel, 1, 256) ?? availableParallelism(),
    out: v.out,
    reporters,
    config: v.config === undefined ? {} : readExploreConfig(v.config),
    quiet: v.quiet,
  };
}

/** Where the progress goes: a terminal (one line rewritten in place) or a pipe (CI logs). */
export interface ProgressOut {
  isTTY?: boolean;
  write(text: string): unknown;
}

/** A pipe gets a plain line at most this often, and at each tenth of the runs. */
export const PLAIN_EVERY_MS = 5_000;

/**
 * The progress line's writer: on a terminal, rewritten in place at every change; elsewhere (CI, a pipe)
 * a plain line every PLAIN_EVERY_MS or each tenth of the runs, whichever comes first, so a log shows the
 * run is alive without a line per journey.
 */
export function progressWriter(out: ProgressOut, now: () => number = Date.now) {
  let lastAt = now();
  let lastTenth = 0;
  let shown = false;
  return {
    update(p: ExploreProgress): void {
      const line = progressLine(p);
      if (out.isTTY) {
        out.write(`\r\x1b[2K${line}`);
        shown = true;
        return;
      }
      const tenth = p.runs_total ? Math.floor((p.runs_done * 10) / p.runs_total) : 0;
      if (now() - lastAt < PLAIN_EVERY_MS && tenth <= lastTenth) return;
      lastAt = now();
      lastTenth = tenth;
      out.write(`${line}\n`);
    },
    done(): void {
      if (shown) out.write('\n');
    },
  };
}

/**
 * `checkout-sim explore`: generated journeys against the merchant until --runs or --time-limit, a line per
 * finding (and its file with --out), the reports; 0 when nothing was found, 1 with findings.
 */
export async function exploreCommand(
  args: ExploreArgs,
  o: { shopModule: string; write: (line: string) => void; progress: ReturnType<typeof progressWriter> },
): Promise<number> {
  const { api, merchantUrl, username, password } = args;
  const base = { files: [], reporters: [], ignore: [], api, merchantUrl, username, password };
  const target = args.api
    ? await runningSimulator({ ...base, api: args.api })
    : await startedSimulator(base, o.shopModule, args.quiet);
  const runs = args.runs ?? (args.timeLimitMs === undefined ? 100 : undefined);
  o.write(
    `Exploring ${target.merchantUrl} through ${target.api}: seed ${args.seed}, ${runs ?? 'as many'} runs${args.timeLimitMs ? ` within ${formatDuration(args.timeLimitMs)}` : ''}, ${args.parallel} at a time`,
  );
  let report;
  try {
    // The same run as the console's Explore page and /test_helpers/explore (core/explore-runs.ts).
    const run = startExploreRun({
      api: target.api,
      credentials: target.credentials,
      merchantUrl: target.merchantUrl,
      config: args.config,
      runs,
      timeLimitMs: args.timeLimitMs,
      seed: args.seed,
      parallel: args.parallel,
      onProgress: (p) => !args.quiet && o.progress.update(p),
      onFinding: (f) => {
        o.write(`FINDING ${f.invariant} (${f.steps} steps, ${f.shrinks} shrinks): ${f.sentence}`);
        if (f.file) o.write(`  scenario: ${f.file}`);
      },
      save: args.out
        ? (f) => {
            mkdirSync(args.out!, { recursive: true });
            const file = join(
              args.out!,
              `${f.invariant.replace(/[^\w-]+/g, '-').slice(0, 60)}-run${f.run}.yaml`,
            );
            writeFileSync(file, f.scenario_yaml);
            return file;
          }
        : undefined,
    });
    report = await run.done;
  } finally {
    if (!args.quiet) o.progress.done();
    await target.stop();
  }
  writeExploreReports(report, args.reporters);
  for (const r of args.reporters) o.write(`${r.kind} report: ${r.file}`);
  const n = report.findings.length;
  o.write(
    `${report.runs} runs (${report.journeys} journeys with shrinking) in ${formatDuration(report.duration_ms)}, seed ${report.seed}: ${n === 0 ? 'nothing found' : `${n} finding${n === 1 ? '' : 's'}`}`,
  );
  for (const line of endedEarlyLines(report)) o.write(line);
  return n === 0 ? EXIT.passed : EXIT.failed;
}

/**
 * The runs whose journey stopped before its last step, said after the summary: "nothing found" is about
 * what the journeys did, and these did less than they were written to (each reason once, the most common first).
 */
export function endedEarlyLines(report: Pick<ExploreReport, 'ended_early'>): string[] {
  const runs = report.ended_early.reduce((n, e) => n + e.runs, 0);
  if (runs === 0) return [];
  return [
    `${runs === 1 ? '1 run' : `${runs} runs`} ended early, judged on the steps before:`,
    ...report.ended_early.map((e) => `  ${e.runs}× (first: run ${e.run}) ${e.reason}`),
  ];
}
