import { z } from 'zod';
import { INVARIANTS } from '../rules/invariants';
import { CountrySchema } from './common.schema';
import { MerchantFaultSchema } from './merchant-faults.schema';
import { MerchantStateUrlSchema } from './scenario-expect.schema';
import { ScenarioResultSchema } from './scenario-report.schema';
import {
  ExpectationSchema,
  MerchantRequestSchema,
  ScenarioOrderSchema,
  ScenarioSettingsSchema,
} from './scenario.schema';

/*
 * Explore (sim-defined): generated journeys of the scenario language's own steps against a merchant,
 * checked against invariants, each failure shrunk to the shortest scenario file that still shows it.
 * The config file of `checkout-sim explore --config`, the operation the console and /test_helpers share,
 * and the report.
 */

/** What explore varies, and what it leaves alone. Every key optional: left out, it is varied as documented. */
export const ExploreVarySchema = z
  .strictObject({
    countries: z
      .array(CountrySchema)
      .min(1)
      .optional()
      .describe(
        'Countries of the purchase, the address and country changes (default SE, NO, DK, FI, DE, GB)',
      ),
    carts: z
      .boolean()
      .optional()
      .describe('Vary the lines’ quantities and add a discount line (default true)'),
    shipping_options: z
      .array(z.string().min(1))
      .optional()
      .describe(
        'Shipping option ids the customer picks among (default pickup, home, express; [] never picks)',
      ),
    faults: z
      .array(MerchantFaultSchema)
      .optional()
      .describe('Merchant faults switched on, some at a time (default all; [] none)'),
    arrival: z.boolean().optional().describe('Vary who tells the merchant first at pay (default true)'),
    clock: z.boolean().optional().describe('Move the clock across the push schedule (default true)'),
  })
  .describe('What to vary and what to leave alone');
export type ExploreVary = z.infer<typeof ExploreVarySchema>;

/** `checkout-sim explore --config FILE` (YAML or JSON). */
export const ExploreConfigSchema = z
  .strictObject({
    order: ScenarioOrderSchema.optional().describe(
      'The order to start from: create (a body; default the sample order) and merchant_urls (paths on the merchant; default the scenario default)',
    ),
    orders: z
      .array(z.record(z.string(), z.unknown()))
      .min(1)
      .optional()
      .describe('Several create bodies to start from; each run picks one'),
    vary: ExploreVarySchema.optional(),
    invariants: z
      .array(z.enum(INVARIANTS))
      .optional()
      .describe('The built-in invariants checked (default all)'),
    expect: z
      .array(ExpectationSchema)
      .optional()
      .describe('Your own invariants: scenario expectations every journey must meet'),
    back_office: z
      .array(MerchantRequestSchema)
      .optional()
      .describe(
        'Requests of the merchant’s back office a journey may make after the purchase (capture, cancel…)',
      ),
    settings: ScenarioSettingsSchema.optional().describe(
      'Simulator settings for the whole run (callback_timeout_ms, …), set at its start, given back at its end, and written into each finding',
    ),
    confirmation_path: z
      .string()
      .min(1)
      .optional()
      .describe('The confirmation page a journey reloads (default /confirmation?order_id={order_id})'),
    merchant_state_url: MerchantStateUrlSchema.optional().describe(
      'Your shop’s own state: a URL ({merchant}/debug/orders?klarna_order_id={order_id}) answering how many shop orders it holds for the order, as {"count": n} or n; read after each journey by one_merchant_order',
    ),
  })
  .refine((c) => c.merchant_state_url !== undefined || !c.invariants?.includes('one_merchant_order'), {
    message: 'one_merchant_order reads your shop’s own state: give merchant_state_url too',
    path: ['invariants'],
  })
  .describe('The config of checkout-sim explore');
export type ExploreConfig = z.infer<typeof ExploreConfigSchema>;

/** One finding: an invariant broken, shrunk to the shortest journey that still breaks it. */
export const ExploreFindingSchema = z.object({
  /** The invariant's name, or `expect: TEXT` for one of the config's own expectations. */
  invariant: z.string(),
  /** What the merchant did wrong, in one sentence naming the exchanges that show it. */
  sentence: z.string(),
  /** The shrunk journey as a scenario file (YAML) that `checkout-sim run` replays. */
  scenario_yaml: z.string(),
  /** Where it was written (--out), or null. */
  file: z.string().nullable(),
  /** The steps of the shrunk scenario file (its `steps:` list; the order it creates is not a step). */
  steps: z.int(),
  /** The run that found it (its seed is the report's seed and this index). */
  run: z.int(),
  /** Smaller journeys that still broke the invariant, each kept in place of the one before. */
  shrinks: z.int(),
  /** Journeys run while shrinking, failing or not: the shrinks and the candidates that passed. */
  shrink_attempts: z.int(),
  /** Wall-clock time from the end of the run's first failing journey to the end of its shrinking. */
  shrink_ms: z.number(),
  /** The shrunk journey's run: its order, exchanges, push timeline, each expectation. */
  result: ScenarioResultSchema,
});
export type ExploreFinding = z.infer<typeof ExploreFindingSchema>;

export const ExploreProgressSchema = z.object({
  runs_done: z.int(),
  runs_total: z.int().nullable(),
  findings: z.int(),
  /** Milliseconds left of --time-limit, or null without one. */
  time_left_ms: z.number().nullable(),
  /** Journeys run in all, shrinking included. */
  journeys: z.int(),
  /**
   * Runs whose journey stopped before its last step (a step the checkout refused in the state the merchant
   * left it in, or a merchant that did not answer): judged on what they did; `ended_early` says why.
   */
  ended_early: z.int(),
});
export type ExploreProgress = z.infer<typeof ExploreProgressSchema>;

/** Why runs' journeys stopped before their last step: one entry per reason, with how many and the first run. */
export const ExploreEndedEarlySchema = z.object({
  /** The step and what stopped it, order ids as `{order_id}`. */
  reason: z.string(),
  /** Runs that stopped for it. */
  runs: z.int(),
  /** The first run that did (the report's seed and this index replay it). */
  run: z.int(),
});
export type ExploreEndedEarly = z.infer<typeof ExploreEndedEarlySchema>;

export const ExploreReportSchema = z.object({
  started_at: z.string(),
  duration_ms: z.number(),
  seed: z.int(),
  api: z.string(),
  merchant_url: z.string(),
  parallel: z.int(),
  runs: z.int(),
  journeys: z.int(),
  invariants: z.array(z.string()),
  findings: z.array(ExploreFindingSchema),
  /** Why journeys stopped before their last step, the most common first (at most 20 reasons). */
  ended_early: z.array(ExploreEndedEarlySchema),
});
export type ExploreReport = z.infer<typeof ExploreReportSchema>;

/*
 * The explore operation the console's Explore page, `/test_helpers/explore` and `checkout-sim explore`
 * share (src-main/core/explore-runs.ts): start a run, read its progress and findings, stop it.
 */

/** `explore.start`: what the CLI's flags say, as one JSON object. */
export const ExploreStartSchema = z.strictObject({
  merchant_url: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .optional()
    .describe('The merchant’s server (default: the sample shop beside the simulator)'),
  runs: z
    .int()
    .min(1, 'must be at least 1')
    .max(1_000_000, 'must be at most 1000000')
    .optional()
    .describe(
      'How many generated journeys (default 100 without time_limit_ms); with time_limit_ms, whichever ends first',
    ),
  time_limit_ms: z
    .int()
    .min(1_000, 'must be at least 1000 (1 s)')
    .max(24 * 3_600_000, 'must be at most 86400000 (24 h)')
    .optional()
    .describe('Stop after this long (milliseconds)'),
  seed: z
    .int()
    .min(-2_147_483_648)
    .max(2_147_483_647)
    .optional()
    .describe('The same seed against the same merchant generates the same journeys (default: a new one)'),
  parallel: z
    .int()
    .min(1, 'must be at least 1')
    .max(64, 'must be at most 64')
    .optional()
    .describe('Journeys at once, each on its own order and test clock (default 2)'),
  config: ExploreConfigSchema.optional(),
});
export type ExploreStart = z.infer<typeof ExploreStartSchema>;

export const EXPLORE_STATES = ['running', 'done', 'stopped', 'failed'] as const;

/** A finding as the status shows it: the report's finding and the order of its shrunk replay. */
export const ExploreStatusFindingSchema = ExploreFindingSchema.extend({
  /** The shrunk replay's order in this simulator (open it in the console), or null. */
  order_ids: z.array(z.string()),
});
export type ExploreStatusFinding = z.infer<typeof ExploreStatusFindingSchema>;

/** `explore.status`: a run's progress and its findings so far. */
export const ExploreStatusSchema = z.object({
  run_id: z.string(),
  /** running, then done (every run made or the time limit reached), stopped (explore.stop) or failed. */
  state: z.enum(EXPLORE_STATES),
  merchant_url: z.string(),
  seed: z.int(),
  parallel: z.int(),
  started_at: z.string(),
  /** Set once the run is over. */
  ended_at: z.string().nullable(),
  progress: ExploreProgressSchema,
  findings: z.array(ExploreStatusFindingSchema),
  /** Why journeys stopped before their last step so far, the most common first (at most 20 reasons). */
  ended_early: z.array(ExploreEndedEarlySchema),
  /** Why a failed run failed. */
  error: z.string().nullable(),
});
export type ExploreStatus = z.infer<typeof ExploreStatusSchema>;

/** `explore.status` and `explore.stop`: a run by id (default: the latest). */
export const ExploreRunRefSchema = z.strictObject({
  run_id: z.string().min(1).max(100).optional().describe('The run (default: the latest)'),
});
