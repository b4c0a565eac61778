import { z } from 'zod';
import { ExchangeSchema } from './exchange.schema';
import { PushTimelineSchema } from './push.schema';
import { ComparisonSchema, DifferenceSchema } from './scenario-compare.schema';

/*
 * What a scenario run reports (sim-defined): the same document behind the console lines, the JUnit, HTML
 * and JSON reporters of `checkout-sim run`, and the console's Scenarios page.
 */

export const ExpectationResultSchema = z.object({
  /** The expectation in words: "every address_update answered 2xx within 2 s". */
  text: z.string(),
  passed: z.boolean(),
  expected: z.string(),
  seen: z.string(),
  /** The exchanges it was judged on (the log links to them). */
  exchange_ids: z.array(z.string()),
});
export type ExpectationResult = z.infer<typeof ExpectationResultSchema>;

export const StepReportSchema = z.object({
  /** The step in words: "address: a test person in DE". */
  text: z.string(),
  /** The simulator clock when it ran. */
  at: z.string(),
  /** The customer step's outcome (applied, completed, …), the merchant's status, or what the clock fired. */
  outcome: z.string(),
  message: z.string(),
  exchange_ids: z.array(z.string()),
});
export type StepReport = z.infer<typeof StepReportSchema>;

export const ScenarioResultSchema = z.object({
  name: z.string(),
  /** The file it came from, as given. */
  file: z.string(),
  /** The order the scenario made or found; an in-person scenario's session (see `subject`). */
  order_id: z.string().nullable(),
  /** What order_id names: `session` for an in-person scenario's session; absent: a checkout order. */
  subject: z.literal('session').optional(),
  passed: z.boolean(),
  /** Why the scenario could not run to its end (a bad file, a step refused, the merchant unreachable). */
  error: z.string().nullable(),
  /** Wall-clock time the run took. */
  duration_ms: z.number(),
  /** The simulator clock at the start and the end of the scenario. */
  clock_started_at: z.string().nullable(),
  clock_ended_at: z.string().nullable(),
  steps: z.array(StepReportSchema),
  expectations: z.array(ExpectationResultSchema),
  /** Every exchange of the order, oldest first. */
  exchanges: z.array(ExchangeSchema),
  /** The order's push timeline, once it completed. */
  push: PushTimelineSchema.nullable(),
  /**
   * With `--compare`: what the merchant did differently from the earlier run (empty when nothing);
   * absent when the run was not compared.
   */
  differences: z.array(DifferenceSchema).optional(),
});
export type ScenarioResult = z.infer<typeof ScenarioResultSchema>;

export const ScenarioReportSchema = z.object({
  started_at: z.string(),
  duration_ms: z.number(),
  /** The simulator's provider API the scenarios ran against. */
  api: z.string(),
  merchant_url: z.string(),
  /** The console of that simulator, for links to its log; null when it was started for this run only. */
  console_url: z.string().nullable(),
  passed: z.boolean(),
  totals: z.object({
    scenarios: z.int(),
    scenarios_failed: z.int(),
    expectations: z.int(),
    expectations_failed: z.int(),
  }),
  scenarios: z.array(ScenarioResultSchema),
  /** With `--compare`: the earlier report and what it held that this run does not. */
  comparison: ComparisonSchema.optional(),
});
export type ScenarioReport = z.infer<typeof ScenarioReportSchema>;
