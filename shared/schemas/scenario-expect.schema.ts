import { z } from 'zod';
import { DURATION_PATTERN } from '../rules/duration';
import { markOneKeyUnion } from '../rules/scenario-problems';
import { CALLBACK_KEYS } from './checkout-order.schema';
import { OM_STATUSES } from './order-management.schema';
import { SESSION_CAUSES, SESSION_STATUSES } from './ipp.schema';
import { STEP_NAMES, STEP_OUTCOMES } from './session.schema';
import { INVARIANTS } from '../rules/invariants';

/* The expectations of a scenario file (sim-defined): what the merchant's server must have done. */

export const DurationSchema = z
  .string()
  .regex(new RegExp(DURATION_PATTERN), 'must be a duration such as 500ms, 2s, 10m, 24h or 2d')
  .meta({
    description: 'A duration: a number and a unit (ms, s, m or min, h, d), e.g. 2s, 10m, 24h',
    examples: ['2s', '10m'],
  });

/** Which of several calls (or steps) of a name: the first, the last, the nth (from 1), or every one. */
export const OccurrenceSchema = z
  .union([z.enum(['first', 'last', 'every']), z.int().min(1, 'must be 1 or more (the first is 1)')])
  .meta({
    description: 'Which one: first, last, every, or the nth (1 is the first)',
    examples: ['first', 'last', 'every', 2],
  });
export type Occurrence = z.infer<typeof OccurrenceSchema>;

/**
 * The merchant's own state (sim-defined, docs/explore.md): a URL on the merchant's server that answers, for
 * `{order_id}`, how many shop orders it holds, as JSON `{"count": n}` or a bare number `n`.
 */
export const MerchantStateUrlSchema = z
  .string()
  .min(1)
  .refine((u) => u.includes('{order_id}'), 'must contain {order_id} (the checkout order it counts)')
  .describe(
    'The merchant-state URL: {merchant}/path or /path on the merchant, with {order_id}; it answers {"count": n} or n',
  );

/** One key and its value, as each step and expectation is written (`advance: 2m`). */
export const oneKey = <K extends string, T extends z.ZodType>(key: K, value: T, description: string) =>
  z.strictObject({ [key]: value } as { [P in K]: T }).describe(description);

/** A field's expected value in a read: the value itself, or `{present}` / `{matches}`. */
export const FieldMatchSchema = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.null(),
  z.strictObject({ present: z.boolean().describe('The field is there (true) or absent (false)') }),
  z.strictObject({ matches: z.string().describe('A regular expression the text must match') }),
]);
export type FieldMatch = z.infer<typeof FieldMatchSchema>;
const Fields = z
  .record(z.string(), FieldMatchSchema)
  .describe('Fields by dotted path (totals.shipping, order_lines.0.type) and the value each must have');

const LineMatchSchema = z
  .strictObject({
    type: z.string().optional().describe('The line type (physical, shipping_fee, discount, …)'),
    reference: z.string().optional().describe('The line’s reference'),
    name: z.string().optional().describe('The line’s name'),
  })
  .describe('A line with these fields');

const Anchor = z.enum(['completion', 'first_push']);

/** An answer's status (`200`), its class (`2xx`), or `timeout`: no answer within the time limit. */
const CallbackStatusSchema = z
  .string()
  .regex(/^([1-5]([0-9]{2}|xx)|timeout)$/, 'must be a status such as 200, a class such as 2xx, or timeout')
  .meta({
    description:
      'Answered with this status (200) or class (2xx), or timeout: not answered within the time limit; default 2xx',
    examples: ['2xx', '200'],
  });

const EXPECTATIONS = {
  callback: oneKey(
    'callback',
    z.strictObject({
      name: z.enum(CALLBACK_KEYS).describe('The callback (merchant_urls key)'),
      status: CallbackStatusSchema.optional(),
      within: DurationSchema.optional().describe('Answered within this time'),
      occurrence: OccurrenceSchema.optional().describe(
        'Which calls are judged: every one (default), the first, the last, or the nth',
      ),
    }),
    'Calls of a callback answered with a status (or timed out), within a time; at least one call made',
  ),
  cart_after: oneKey(
    'cart_after',
    z.strictObject({
      callback: z
        .enum(['address_update', 'shipping_address_update', 'country_change', 'shipping_option_update'])
        .describe('The callback whose answer holds the cart'),
      has_line: LineMatchSchema.optional(),
      lines_of_type: z
        .strictObject({
          type: z.string().describe('The line type'),
          count: z.int().min(0).describe('How many'),
        })
        .optional()
        .describe('Exactly this many lines of the type'),
      purchase_currency: z.string().optional().describe('The currency of the answered cart'),
      occurrence: OccurrenceSchema.optional().describe(
        'Which call’s answer: the last (default), the first, the nth, or every one',
      ),
    }),
    'The cart the merchant answered to a call of a callback (the last, unless occurrence says)',
  ),
  acknowledged: oneKey(
    'acknowledged',
    z.strictObject({
      within: DurationSchema.describe('The most time allowed'),
      after: Anchor.optional().describe('Counted from the first push (default) or the completion'),
    }),
    'The order acknowledged through order management (POST …/acknowledge) within the time of the first push (default) or of the completion',
  ),
  captured: oneKey(
    'captured',
    z.strictObject({
      within: DurationSchema.describe('The most time allowed'),
      after: Anchor.optional().describe('Counted from the completion (default) or the first push'),
      amount: z
        .enum(['full', 'any'])
        .optional()
        .describe('The whole order amount (full) or any capture (default)'),
    }),
    'A capture (or, amount: full, captures adding up to the order amount) within the time of the completion (default) or the first push',
  ),
  push_attempts: oneKey(
    'push_attempts',
    z.strictObject({
      at_most: z.int().min(0).optional().describe('At most this many attempts'),
      at_least: z.int().min(0).optional().describe('At least this many attempts'),
    }),
    'How many push attempts the order needed',
  ),
  no_violations: oneKey(
    'no_violations',
    z.union([
      z.literal(true),
      z.strictObject({
        ignore: z
          .array(z.string())
          .describe('Rules not counted, e.g. checkout-callbacks.authentication for http callback URLs'),
      }),
    ]),
    'No violation recorded on any exchange of the order (true, or {ignore: [rule, …]})',
  ),
  step: oneKey(
    'step',
    z.strictObject({
      name: z.enum(STEP_NAMES).describe('The step (complete is pay)'),
      outcome: z.enum(STEP_OUTCOMES).describe('Its outcome'),
      occurrence: OccurrenceSchema.optional().describe(
        'Which of the steps of that name: the last (default), the first, the nth, or every one',
      ),
    }),
    'The outcome of a step the scenario took (the last of that name, unless occurrence says)',
  ),
  order_management: oneKey(
    'order_management',
    Fields,
    `Fields of the order management read by dotted path (status: one of ${OM_STATUSES.join(', ')}; fraud_status; merchant_reference1; …); a value is equal, {present: true/false} or {matches: regex}`,
  ),
  customer_view: oneKey(
    'customer_view',
    Fields,
    'Fields of what the customer sees by dotted path (step, totals.shipping, purchase_currency, …); a value is equal, {present: true/false} or {matches: regex}',
  ),
  session: oneKey(
    'session',
    z.strictObject({
      status: z.enum(SESSION_STATUSES).describe('Its status at the end'),
      cause: z
        .enum(SESSION_CAUSES)
        .optional()
        .describe('What moved it to that status (terminal.tap_card, …)'),
      history: z
        .array(z.enum(SESSION_STATUSES))
        .min(1, 'must hold at least one status')
        .optional()
        .describe('Every status it went through, in order (CREATED, ACTIVE, FINALIZED)'),
      failure_reason: FieldMatchSchema.optional().describe(
        'Why it failed: the text, {present: true/false} or {matches: regex}',
      ),
    }),
    'In-person: the session at the end: its status, what moved it there, every status it went through in order, why it failed',
  ),
  invariant: z
    .strictObject({
      invariant: z.enum(INVARIANTS).describe('The invariant, by the name checkout-sim explore gives it'),
      merchant_state: MerchantStateUrlSchema.optional(),
    })
    .refine((e) => e.invariant !== 'one_merchant_order' || e.merchant_state !== undefined, {
      message: 'one_merchant_order reads the merchant’s own state: give merchant_state (a URL)',
      path: ['merchant_state'],
    })
    .describe(
      'A built-in invariant of checkout-sim explore (docs/explore.md): callback_conformance, no_server_errors, acknowledged, no_refused_calls, one_merchant_reference or one_merchant_order (with merchant_state); what a finding replays with',
    ),
};

/** The expectations by name, each with its description (docs/scenarios.md lists them). */
export const EXPECTATION_SCHEMAS = EXPECTATIONS;
export const EXPECTATION_NAMES = Object.keys(EXPECTATIONS);

const E = EXPECTATIONS;
export const ExpectationSchema = markOneKeyUnion(
  z.union([
    E.callback,
    E.cart_after,
    E.acknowledged,
    E.captured,
    E.push_attempts,
    E.no_violations,
    E.step,
    E.order_management,
    E.customer_view,
    E.session,
    E.invariant,
  ]),
  'expectation',
  EXPECTATION_NAMES,
);
export type Expectation = z.infer<typeof ExpectationSchema>;
