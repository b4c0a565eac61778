import { z } from 'zod';
import { DURATION_PATTERN } from '../rules/duration';
import { CALLBACK_KEYS } from './checkout-order.schema';
import { CountrySchema } from './common.schema';
import { MerchantFaultsInputSchema } from './merchant-faults.schema';
import { OM_STATUSES } from './order-management.schema';
import {
  AddressStepSchema,
  CompleteStepSchema,
  ShippingOptionStepSchema,
  STEP_NAMES,
  STEP_OUTCOMES,
} from './session.schema';

/*
 * Scenario files (sim-defined): an order, the customer's steps, clock moves and faults, and expectations
 * about the merchant's server, run by `checkout-sim run` and the console's Scenarios page. The JSON Schema
 * editors complete them with (docs/scenario.schema.json, `checkout-sim scenario-schema`) is generated from
 * this file, so every description here is what an editor shows.
 */

export const DurationSchema = z
  .string()
  .regex(new RegExp(DURATION_PATTERN), 'must be a duration such as 500ms, 2s, 10m, 24h or 2d')
  .describe('A duration: a number and a unit (ms, s, m or min, h, d), e.g. 2s, 10m, 24h');

/** A request to the merchant's own server: its pages or back office, as a visitor or an employee would. */
export const MerchantRequestSchema = z
  .strictObject({
    method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']).optional().describe('Default GET'),
    path: z
      .string()
      .min(1, 'must not be empty')
      .describe(
        'Path on the merchant URL (or a whole http(s) URL); {order_id} is replaced by the scenario’s order id',
      ),
    form: z
      .record(z.string(), z.string())
      .optional()
      .describe('Sent as application/x-www-form-urlencoded; {order_id} is replaced in values'),
    json: z.unknown().optional().describe('Sent as JSON'),
    expect_status: z
      .int()
      .min(100)
      .max(599)
      .optional()
      .describe(
        'The status the merchant must answer; by default anything below 400 (redirects are not followed)',
      ),
  })
  .describe('A request to the merchant’s server; cookies it sets are kept for the scenario');
export type MerchantRequest = z.infer<typeof MerchantRequestSchema>;

/** merchant_urls keys a scenario may set, as paths on the merchant URL or whole URLs. */
const MerchantUrlPathsSchema = z
  .partialRecord(
    z.enum(['terms', 'checkout', 'confirmation', 'cancellation_terms', ...CALLBACK_KEYS]),
    z.string().min(1),
  )
  .describe(
    'merchant_urls as paths on the merchant URL (or whole URLs); the default is the sample shop’s: /kco/{name}?order_id={checkout.order.id}, /confirmation?order_id=…, /terms, /checkout',
  );

export const ScenarioOrderSchema = z.union([
  z
    .strictObject({
      create: z
        .record(z.string(), z.unknown())
        .optional()
        .describe(
          'The body of POST /checkout/v3/orders (merchant_urls are filled in); default: the sample order',
        ),
      merchant_urls: MerchantUrlPathsSchema.optional(),
    })
    .describe('The scenario creates the order through the checkout API'),
  z
    .strictObject({
      from_merchant: z
        .array(MerchantRequestSchema)
        .min(1)
        .describe(
          'Requests to the merchant (add to cart, open the checkout page) after which its code has created the order',
        ),
    })
    .describe(
      'The merchant’s own code creates the order; the scenario finds the new order pointing at the merchant',
    ),
]);
export type ScenarioOrder = z.infer<typeof ScenarioOrderSchema>;

const step = <K extends string, T extends z.ZodType>(key: K, value: T, description: string) =>
  z.strictObject({ [key]: value } as { [P in K]: T }).describe(description);

export const ScenarioStepSchema = z.union([
  step('country', CountrySchema, 'The customer switches country (country_change)'),
  step(
    'address',
    z.union([
      AddressStepSchema,
      z.strictObject({ test_person: CountrySchema.describe('A test person living in this country') }),
    ]),
    'The customer enters an address (address_update), or a test person’s',
  ),
  step(
    'shipping_option',
    z.union([z.string().min(1), ShippingOptionStepSchema]),
    'The customer picks a shipping option by id (shipping_option_update)',
  ),
  step(
    'complete',
    z.union([CompleteStepSchema, z.null()]),
    'The customer presses pay (validation, then completion); fraud_status and arrival optional',
  ),
  step(
    'advance',
    z.union([DurationSchema, z.literal('next_event')]),
    'Moves the scenario’s manual clock forward (firing pushes and other timers), or to the next timer',
  ),
  step(
    'merchant',
    MerchantRequestSchema,
    'A request to the merchant’s server (a back-office action, a page)',
  ),
  step('fraud_status', z.enum(['ACCEPTED', 'REJECTED']), 'A pending fraud review resolves (notification)'),
]);
export type ScenarioStep = z.infer<typeof ScenarioStepSchema>;

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
    type: z.string().optional(),
    reference: z.string().optional(),
    name: z.string().optional(),
  })
  .describe('A line with these fields');

const Anchor = z.enum(['completion', 'first_push']);

export const ExpectationSchema = z.union([
  step(
    'callback',
    z.strictObject({
      name: z.enum(CALLBACK_KEYS).describe('The callback (merchant_urls key)'),
      status: z
        .string()
        .regex(/^[1-5]([0-9]{2}|xx)$/, 'must be a status such as 200 or a class such as 2xx')
        .optional()
        .describe('Every call answered with this status (200) or class (2xx); default 2xx'),
      within: DurationSchema.optional().describe('Every call answered within this time'),
    }),
    'Each call of a callback answered with a status, within a time; at least one call made',
  ),
  step(
    'cart_after',
    z.strictObject({
      callback: z.enum([
        'address_update',
        'shipping_address_update',
        'country_change',
        'shipping_option_update',
      ]),
      has_line: LineMatchSchema.optional(),
      lines_of_type: z
        .strictObject({ type: z.string(), count: z.int().min(0) })
        .optional()
        .describe('Exactly this many lines of the type'),
      purchase_currency: z.string().optional(),
    }),
    'The cart the merchant answered to the last call of a callback',
  ),
  step(
    'acknowledged',
    z.strictObject({
      within: DurationSchema,
      after: Anchor.optional().describe('Counted from the first push (default) or the completion'),
    }),
    'The order acknowledged through order management within a time',
  ),
  step(
    'captured',
    z.strictObject({
      within: DurationSchema,
      after: Anchor.optional().describe('Counted from the completion (default) or the first push'),
      amount: z
        .enum(['full', 'any'])
        .optional()
        .describe('The whole order amount (full) or any capture (default)'),
    }),
    'A capture made through order management within a time',
  ),
  step(
    'push_attempts',
    z.strictObject({ at_most: z.int().min(0).optional(), at_least: z.int().min(0).optional() }),
    'How many push attempts the order needed',
  ),
  step(
    'no_violations',
    z.union([
      z.literal(true),
      z.strictObject({
        ignore: z
          .array(z.string())
          .describe('Rules not counted, e.g. checkout-callbacks.authentication for http callback URLs'),
      }),
    ]),
    'No violation recorded on any exchange of the order',
  ),
  step(
    'step',
    z.strictObject({ name: z.enum(STEP_NAMES), outcome: z.enum(STEP_OUTCOMES) }),
    'The outcome of the scenario’s last step of that name',
  ),
  step(
    'order_management',
    Fields,
    `Fields of the order management read (status: one of ${OM_STATUSES.join(', ')}; fraud_status; merchant_reference1; …)`,
  ),
  step(
    'customer_view',
    Fields,
    'Fields of what the customer sees (step, totals.shipping, purchase_currency, …)',
  ),
]);
export type Expectation = z.infer<typeof ExpectationSchema>;

export const ScenarioSchema = z
  .strictObject({
    $schema: z.string().optional().describe('The JSON Schema of scenario files'),
    name: z.string().min(1, 'must not be empty').describe('What the scenario checks, in a few words'),
    description: z.string().optional(),
    order: ScenarioOrderSchema.optional().describe(
      'The order: created by the scenario (default) or by the merchant',
    ),
    faults: MerchantFaultsInputSchema.optional().describe(
      'Merchant faults for the scenario’s order (its own set), switched off again at the end',
    ),
    steps: z
      .array(ScenarioStepSchema)
      .describe('The customer’s steps, clock moves and merchant requests, in order'),
    expect: z
      .array(ExpectationSchema)
      .min(1, 'must hold at least one expectation')
      .describe('Expectations about the merchant'),
  })
  .describe('A Checkout Simulator scenario (sim-defined)');
export type Scenario = z.infer<typeof ScenarioSchema>;

/** The JSON Schema of scenario files, for editors (`# yaml-language-server: $schema=…`, `"$schema"`). */
export function scenarioJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(ScenarioSchema, { io: 'input', unrepresentable: 'any' }),
    title: 'Checkout Simulator scenario',
  };
}
