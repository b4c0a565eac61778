import fc from 'fast-check';
import { INVARIANTS, STATE_INVARIANTS, type Invariant } from '@shared/rules/invariants';
import { SAMPLE_ORDER } from '@shared/samples/samples';
import type {
  ExploreEndedEarly,
  ExploreConfig,
  ExploreFinding,
  ExploreProgress,
  ExploreReport,
} from '@shared/schemas/explore.schema';
import type { ScenarioResult } from '@shared/schemas/scenario-report.schema';
import type { Expectation, Scenario } from '@shared/schemas/scenario.schema';
import type { ScenarioContext } from '../scenario-runner/run-frame';
import { merchantClient } from '../scenario-runner/merchant-client';
import { runScenario } from '../scenario-runner/run-scenario';
import { applySettings, restoreSettings } from '../scenario-runner/scenario-settings';
import { simApi, type SimTarget } from '../scenario-runner/sim-api';
import { commandArbitraries } from './journey-commands';
import { findingYaml, journeyScenario, type JourneyFrame } from './journey-scenario';
import { DEFAULT_COUNTRIES, faultsAllowed, setupArbitrary } from './journey-setup';
import { findingSentence } from './finding-sentence';
import { brokenExpectations } from './journey-verdicts';
import { EndedEarly } from './ended-early';
import { MerchantUnreachable } from './merchant-unreachable';

export interface ExploreOptions extends SimTarget {
  merchantUrl: string;
  config: ExploreConfig;
  /** How many runs (generated journeys); with timeLimitMs, whichever ends first. */
  runs?: number;
  timeLimitMs?: number;
  seed: number;
  parallel: number;
  /** The wait for the merchant to be done reacting after each step (real time). */
  settle?: ScenarioContext['settle'];
  onProgress?: (p: ExploreProgress) => void;
  onFinding?: (f: ExploreFinding) => void;
  /** Where a finding's file is written, if anywhere (the CLI's --out): its path. */
  save?: (f: Omit<ExploreFinding, 'file'>) => string | null;
  signal?: AbortSignal;
  /** Told of each journey run's scenario before it runs (a run's first journey, then its shrinks). */
  onJourney?: (run: number, s: Scenario) => void;
  /** Told why runs' journeys stopped before their last step, each time a run's does. */
  onEndedEarly?: (reasons: ExploreEndedEarly[]) => void;
}

/**
 * Checks the merchant answers before the first journey: any HTTP answer will do. Without it, every journey
 * would stop at its first call to the merchant and the run would report nothing found about nothing.
 */
async function merchantAnswers(merchantUrl: string, fetchOf: ScenarioContext['fetch']): Promise<void> {
  try {
    await merchantClient(merchantUrl, fetchOf).send({ path: '/' }, null);
  } catch (err) {
    throw new MerchantUnreachable(err as Error);
  }
}

/** Each run's own seed: the run's journey depends on the seed and its index only, not on --parallel. */
const runSeed = (seed: number, i: number) => (seed ^ Math.imul(i + 1, 0x9e3779b1)) | 0;

/**
 * The shipping options the default order offers, the ids the journeys pick by default (the sample shop's
 * own): a merchant's address_update may answer its own list, but without one the checkout still shows these.
 */
const DEFAULT_SHIPPING = [
  { id: 'pickup', name: 'Pickup point', price: 4900, tax_amount: 980, tax_rate: 2500, preselected: true },
  { id: 'home', name: 'Home delivery', price: 9900, tax_amount: 1980, tax_rate: 2500 },
  { id: 'express', name: 'Evening express', price: 14900, tax_amount: 2980, tax_rate: 2500 },
];

/** The default order when the config gives none: the sample order, with the options above to pick. */
const DEFAULT_BODY = { ...(SAMPLE_ORDER as Record<string, unknown>), shipping_options: DEFAULT_SHIPPING };

/** The name an expectation is reported under: the invariant's, or `expect: TEXT` for the config's own. */
const nameOf = (e: Expectation, text: string) => ('invariant' in e ? e.invariant : `expect: ${text}`);

interface Failure {
  scenario: Scenario;
  result: ScenarioResult;
  broken: number[];
}

/**
 * Explores a merchant: runs generated journeys (fast-check model-based commands over the scenario steps),
 * each a scenario on a test clock of its own judged by the invariants; a failure is shrunk to the fewest
 * steps and faults that still break the same invariant, and reported once per invariant.
 */
export async function explore(o: ExploreOptions): Promise<ExploreReport> {
  const started = Date.now();
  const cfg = o.config;
  const vary = cfg.vary ?? {};
  const countries = vary.countries ?? DEFAULT_COUNTRIES;
  // The default order offers every country the run varies, so country changes are among its moves; a
  // config's own order offers what it says (its shipping_countries), as the merchant's checkout would.
  const bodies = cfg.orders ?? [cfg.order?.create ?? { ...DEFAULT_BODY, shipping_countries: countries }];
  // The invariants that read the shop's own state are checked by default only when it says where that is.
  const invariants: Invariant[] =
    cfg.invariants ??
    INVARIANTS.filter((n) => cfg.merchant_state_url !== undefined || !STATE_INVARIANTS.includes(n));
  const frame: JourneyFrame = {
    bodies,
    merchantUrls: cfg.order?.merchant_urls,
    invariants,
    expect: cfg.expect ?? [],
    merchantState: cfg.merchant_state_url,
    settings: cfg.settings,
  };
  const setupArb = setupArbitrary({
    bodies: bodies.length,
    lines: Math.max(...bodies.map((b) => (Array.isArray(b.order_lines) ? b.order_lines.length : 0))),
    countries,
    carts: vary.carts ?? true,
    faults: faultsAllowed(vary.faults),
  });
  const cmdArbs = commandArbitraries({
    countries,
    shippingOptions: vary.shipping_options ?? DEFAULT_SHIPPING.map((o) => o.id),
    arrival: vary.arrival ?? true,
    clock: vary.clock ?? true,
    confirmationPath: cfg.confirmation_path ?? '/confirmation?order_id={order_id}',
    backOffice: cfg.back_office ?? [],
  });
  const ctx: ScenarioContext = {
    sim: simApi(o),
    merchantUrl: o.merchantUrl,
    // The merchant's pages through the caller's fetch too (one that trusts the local CA under --tls).
    ...(o.fetch ? { fetch: o.fetch } : {}),
    file: 'explore',
    settle: o.settle ?? { quietMs: 60, maxMs: 5_000 },
    ownClock: true,
  };
  const deadline = o.timeLimitMs === undefined ? null : started + o.timeLimitMs;
  const total = o.runs ?? (deadline === null ? 100 : null);
  const claimed = new Set<string>();
  const findings: ExploreFinding[] = [];
  let next = 0;
  let runsDone = 0;
  let journeys = 0;
  const endedEarly = new EndedEarly();
  const progress = () =>
    o.onProgress?.({
      runs_done: runsDone,
      runs_total: total,
      findings: findings.length,
      time_left_ms: deadline === null ? null : Math.max(0, deadline - Date.now()),
      journeys,
      ended_early: endedEarly.count,
    });
  const more = () =>
    !o.signal?.aborted && (total === null || next < total) && (deadline === null || Date.now() < deadline);

  const runOne = async (i: number): Promise<void> => {
    const mine = new Set<string>();
    let last: Failure | null = null;
    let shrinks = -1;
    // Journeys run while shrinking: each smaller candidate fast-check tried, failing (a shrink) or not.
    let tried = 0;
    let failedAt = 0;
    const property = fc.asyncProperty(
      setupArb,
      fc.commands(cmdArbs, { maxCommands: 10 }),
      async (setup, cmds) => {
        const scenario = journeyScenario(frame, setup, cmds, `explore run ${i}`);
        if (last === null) o.onJourney?.(i, scenario);
        // The run's settings are set once for all its journeys (runs side by side would undo each other's).
        const result = await runScenario({ ...scenario, settings: undefined }, ctx);
        journeys++;
        if (last === null) runsDone++;
        // A run's own journey that stopped short (not a shrink's candidate: those are cut on purpose).
        if (last === null && result.error !== null) {
          endedEarly.add(i, result.error);
          o.onEndedEarly?.(endedEarly.list());
        }
        progress();
        if (last !== null) tried++;
        const failing = brokenExpectations(scenario.expect, result).map((k) => ({
          k,
          name: nameOf(scenario.expect[k]!, result.expectations[k]!.text),
        }));
        // A run claims one invariant, the first it breaks that no other run has, and shrinks for it alone:
        // another it broke too stays unclaimed for a later run to find and report (claiming several here
        // would report only one of them and lose the rest).
        const broken = (
          mine.size ? failing.filter((f) => mine.has(f.name)) : failing.filter((f) => !claimed.has(f.name))
        )
          .slice(0, 1)
          .map((f) => f.k);
        if (!broken.length) return true;
        if (last === null) {
          failedAt = Date.now();
          const name = failing.find((f) => f.k === broken[0])!.name;
          claimed.add(name);
          mine.add(name);
        }
        last = { scenario, result, broken };
        shrinks++;
        return false;
      },
    );
    await fc.check(property, { seed: runSeed(o.seed, i), numRuns: 1, interruptAfterTimeLimit: 60_000 });
    if (last) report(last, i, { shrinks: Math.max(0, shrinks), tried, ms: Date.now() - failedAt });
  };

  const report = (f: Failure, run: number, shrunk: { shrinks: number; tried: number; ms: number }) => {
    const k = f.broken[0]!;
    const e = f.scenario.expect[k]!;
    const name = nameOf(e, f.result.expectations[k]!.text);
    const sentence = findingSentence(name, f.result.expectations[k]!, f.result);
    const yaml = findingYaml(
      { ...f.scenario, name: `explore: ${name} (seed ${o.seed}, run ${run})` },
      f.broken.map((b) => f.scenario.expect[b]!),
      sentence,
    );
    const finding = {
      invariant: name,
      sentence,
      scenario_yaml: yaml,
      steps: f.scenario.steps.length,
      run,
      shrinks: shrunk.shrinks,
      shrink_attempts: shrunk.tried,
      shrink_ms: shrunk.ms,
      result: f.result,
    };
    const full: ExploreFinding = { ...finding, file: o.save?.(finding) ?? null };
    findings.push(full);
    o.onFinding?.(full);
    progress();
  };

  const worker = async () => {
    while (more()) await runOne(next++);
  };
  await merchantAnswers(o.merchantUrl, ctx.fetch);
  const before = await applySettings(ctx.sim, cfg.settings);
  try {
    await Promise.all(Array.from({ length: Math.max(1, o.parallel) }, worker));
  } finally {
    await restoreSettings(ctx.sim, before);
  }
  return {
    started_at: new Date(started).toISOString(),
    duration_ms: Date.now() - started,
    seed: o.seed,
    api: o.api,
    merchant_url: o.merchantUrl,
    parallel: o.parallel,
    runs: runsDone,
    journeys,
    invariants: [...invariants, ...frame.expect.map((_, k) => `expect #${k + 1}`)],
    findings,
    ended_early: endedEarly.list(),
  };
}
