import { z } from 'zod';
import { ANSWER_PATH_PATTERN, parseAnswerPath } from '../rules/compare-path';

/*
 * Comparing a run with an earlier one (sim-defined, `checkout-sim run --compare EARLIER.json`): the ignore
 * paths a scenario file may list, and the differences a report carries per scenario.
 */

/** A place in a callback answer not to compare (shared/rules/compare-path.ts has the grammar). */
export const AnswerPathSchema = z
  .string()
  .superRefine((text, ctx) => {
    const p = parseAnswerPath(text);
    if ('problem' in p) ctx.addIssue({ code: 'custom', message: p.problem });
  })
  .meta({
    description:
      'A field of a callback answer: callbacks.CALLBACK.body then .field, [0], .* or [*] (CALLBACK may be *); everything under it is ignored',
    examples: ['callbacks.push.body.order_number', 'callbacks.*.body.updated_at'],
    pattern: ANSWER_PATH_PATTERN,
  });

export const ScenarioCompareSchema = z
  .strictObject({
    ignore: z
      .array(AnswerPathSchema)
      .describe(
        'Fields of the merchant’s answers that hold something new each run (an order number, a timestamp), not compared',
      ),
  })
  .describe('How checkout-sim run --compare compares this scenario with an earlier run of it');
export type ScenarioCompare = z.infer<typeof ScenarioCompareSchema>;

export const DIFFERENCE_KINDS = [
  /** The scenario is in this report and not in the earlier one. */
  'scenario_new',
  /** An exchange of a kind and occurrence (`address_update #2`) in one run only. */
  'exchange_added',
  'exchange_removed',
  /** The HTTP status of the matched exchange (null: no answer). */
  'status',
  /** The outcome the simulator recorded for it (applied, rejected, delivered, …). */
  'outcome',
  /** A field of the merchant's answer to a callback: added, removed or changed. */
  'answer_field',
  /** The acknowledgement, relative to the order's completion on the scenario's clock. */
  'acknowledged',
  /** A push attempt made in one run only. */
  'push_attempt_added',
  'push_attempt_removed',
] as const;

/** One thing the merchant did differently from the earlier run. */
export const DifferenceSchema = z.object({
  kind: z.enum(DIFFERENCE_KINDS),
  /** The difference in words, as the console prints it. */
  text: z.string(),
  /** The exchange it concerns, by kind and occurrence (`push #2`); absent for the scenario's own. */
  exchange: z.string().optional(),
  /** That exchange in this run, and in the earlier one. */
  exchange_id: z.string().optional(),
  earlier_exchange_id: z.string().optional(),
  /** answer_field: where (callbacks.address_update.body.order_lines[2].name), what became of it. */
  path: z.string().optional(),
  change: z.enum(['added', 'removed', 'changed']).optional(),
  /** The value before and now (a status, an outcome, a field's value, ms after the completion). */
  before: z.unknown().optional(),
  after: z.unknown().optional(),
});
export type Difference = z.infer<typeof DifferenceSchema>;

/** What a run compared with, and what the earlier report held that this one does not. */
export const ComparisonSchema = z.object({
  /** The earlier report's file, as given to --compare. */
  earlier: z.string(),
  earlier_started_at: z.string(),
  /** The paths not compared (from --ignore; each scenario's own are added to them). */
  ignored: z.array(z.string()),
  scenarios_differing: z.int(),
  differences: z.int(),
  /** Scenarios of the earlier report not run this time, by file and name. */
  only_in_earlier: z.array(z.object({ file: z.string(), name: z.string() })),
});
export type Comparison = z.infer<typeof ComparisonSchema>;
