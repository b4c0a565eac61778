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
  steps: z.int(),
  /** The run that found it (its seed is the report's seed and this index). */
  run: z.int(),
  shrinks: z.int(),
  /** Wall-clock time from the run's first failure to the end of its shrinking. */
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
});
export type ExploreProgress = z.infer<typeof ExploreProgressSchema>;

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
});
export type ExploreReport = z.infer<typeof ExploreReportSchema>;
