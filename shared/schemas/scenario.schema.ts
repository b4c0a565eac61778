import { z } from 'zod';
import { markOneKeyUnion } from '../rules/scenario-problems';
import { CALLBACK_KEYS } from './checkout-order.schema';
import { CountrySchema } from './common.schema';
import { MerchantFaultsInputSchema } from './merchant-faults.schema';
import { ScenarioCompareSchema } from './scenario-compare.schema';
import { DurationSchema, ExpectationSchema, oneKey } from './scenario-expect.schema';
import { IN_PERSON_STEPS, ScenarioInPersonSchema } from './scenario-in-person.schema';
import {
  AddressStepSchema,
  CheckboxStepSchema,
  CompleteStepSchema,
  ShippingOptionStepSchema,
} from './session.schema';
import { SettingsSchema } from './settings.schema';
import { strictDeep } from './strict-deep';

export {
  DurationSchema,
  ExpectationSchema,
  FieldMatchSchema,
  type Expectation,
  type FieldMatch,
  type Occurrence,
} from './scenario-expect.schema';

/*
 * Scenario files (sim-defined): an order, the customer's steps, clock moves and faults, and expectations
 * about the merchant's server, run by `checkout-sim run` and the console's Scenarios page. The JSON Schema
 * editors complete them with (docs/scenario.schema.json, `checkout-sim scenario-schema`) is generated from
 * this file, so every description here is what an editor shows.
 */

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
    z.string().min(1).nullable(),
  )
  .describe(
    'merchant_urls as paths on the merchant URL (or whole URLs), added to the defaults (the sample shop’s: /kco/{name}?order_id={checkout.order.id}, /confirmation?order_id=…, /terms, /checkout, or the create body’s own); a key set to null removes that one',
  );

/**
 * One object rather than a union of the two ways, so that a misspelt key is named against every key an
 * order may have (a union would report it against whichever way happened to parse furthest).
 */
export const ScenarioOrderSchema = z
  .strictObject({
    create: z
      .record(z.string(), z.unknown())
      .optional()
      .describe(
        'The body of POST /checkout/v3/orders (merchant_urls are filled in); default: the sample order. Checked by the checkout API when the scenario runs',
      ),
    merchant_urls: MerchantUrlPathsSchema.optional(),
    from_merchant: z
      .array(MerchantRequestSchema)
      .min(1)
      .optional()
      .describe(
        'Instead of create: requests to the merchant (add to cart, open the checkout page) after which its code has created the order, found as the new order pointing at the merchant',
      ),
  })
  .superRefine((o, ctx) => {
    for (const key of ['create', 'merchant_urls'] as const)
      if (o.from_merchant && o[key] !== undefined)
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message:
            'goes with an order the scenario creates, not with from_merchant (the merchant creates it)',
        });
  });
export type ScenarioOrder = z.infer<typeof ScenarioOrderSchema>;

const STEPS = {
  country: oneKey('country', CountrySchema, 'The customer switches country (country_change)'),
  address: oneKey(
    'address',
    z.union([
      AddressStepSchema,
      z.strictObject({ test_person: CountrySchema.describe('A test person living in this country') }),
    ]),
    'The customer enters an address (address_update), or a test person’s ({test_person: DE})',
  ),
  shipping_option: oneKey(
    'shipping_option',
    z.union([z.string().min(1), ShippingOptionStepSchema]),
    'The customer picks a shipping option by id, or {id, location_id, timeslot_id, addons} (shipping_option_update)',
  ),
  checkbox: oneKey(
    'checkbox',
    z.strictObject(CheckboxStepSchema.shape),
    'The customer checks or unchecks one of the order’s additional checkboxes ({key, checked}: key merchant_checkbox for options.additional_checkbox, else the box’s id); the order’s merchant_requested follows, and a required box left unchecked makes pay refused',
  ),
  complete: oneKey(
    'complete',
    z.union([CompleteStepSchema, z.null()]),
    'The customer presses pay (validation, then completion); the customer’s browser then opens the confirmation page with the scenario’s cookies, as a real one would, unless arrival is push_only',
  ),
  advance: oneKey(
    'advance',
    z.union([DurationSchema, z.literal('next_event')]),
    'Moves the manual clock: to each timer due within the span in turn (pushes, expiries), letting the merchant react to each before the next, then to the end; next_event: to the next timer',
  ),
  back_to_now: oneKey(
    'back_to_now',
    z.null(),
    'Brings the simulator clock, which advances left ahead, back to the computer’s time (still manual); pending timers keep their simulator times, so each comes due that much later. Serial runs only: with --parallel each scenario has a test clock of its own, and a file with this step is refused before it starts',
  ),
  merchant: oneKey(
    'merchant',
    MerchantRequestSchema,
    'A request to the merchant’s server: a back-office action (POST /orders/ship captures in the sample shop), a page',
  ),
  fraud_status: oneKey(
    'fraud_status',
    z.enum(['ACCEPTED', 'REJECTED']),
    'A pending fraud review resolves (notification)',
  ),
  ...IN_PERSON_STEPS,
};

/** The steps by name, each with its description (docs/scenarios.md lists them). */
export const STEP_SCHEMAS = STEPS;
export const SCENARIO_STEP_NAMES = Object.keys(STEPS);

export const ScenarioStepSchema = markOneKeyUnion(
  z.union([
    STEPS.country,
    STEPS.address,
    STEPS.shipping_option,
    STEPS.checkbox,
    STEPS.complete,
    STEPS.advance,
    STEPS.back_to_now,
    STEPS.merchant,
    STEPS.fraud_status,
    STEPS.terminal,
    STEPS.cancel,
  ]),
  'step',
  SCENARIO_STEP_NAMES,
);
export type ScenarioStep = z.infer<typeof ScenarioStepSchema>;

const S = SettingsSchema.shape;
/**
 * Simulator settings that change how an order goes, for the scenario's length (given back at its end),
 * and the order option that makes a validation without an answer deny the purchase.
 */
export const ScenarioSettingsSchema = z
  .strictObject({
    callback_timeout_ms: S.callback_timeout_ms
      .optional()
      .describe('How long an in-session callback may take, in ms, before it times out (default 10000)'),
    confirmation_arrival: S.confirmation_arrival
      .optional()
      .describe('Who tells the merchant first: redirect_first (default), push_first or push_only'),
    production_tls_rules: S.production_tls_rules
      .optional()
      .describe('Production TLS rules: an http:// callback URL fails (default false: flagged only)'),
    upsell_enabled: S.upsell_enabled.optional().describe('Upsell on the confirmation page (default false)'),
    ipp_session_timeout_ms: S.ipp_session_timeout_ms
      .optional()
      .describe('How long a new in-person session stays open before it expires, in ms (default 300000)'),
    require_validate_callback_success: z
      .boolean()
      .optional()
      .describe(
        'options.require_validate_callback_success of the order the scenario creates: validation without an answer in time denies the purchase',
      ),
  })
  .describe('Settings for the scenario’s length, given back at its end');
export type ScenarioSettings = z.infer<typeof ScenarioSettingsSchema>;

/** The file as written: some schemas it borrows are loose, strictDeep below makes every object strict. */
const ScenarioFileSchema = z
  .strictObject({
    $schema: z.string().optional().describe('The JSON Schema of scenario files'),
    name: z.string().min(1, 'must not be empty').describe('What the scenario checks, in a few words'),
    description: z.string().optional().describe('What it checks and why, in a few sentences'),
    merchant_url: z
      .string()
      // A pattern, not z.url(): the published JSON Schema stays free of formats its readers may not know.
      .regex(/^https?:\/\/[^\s/?#]+[^\s]*$/i, 'must be an http or https URL, such as http://localhost:3000')
      .optional()
      .describe(
        'The merchant the scenario runs against (its base URL); `checkout-sim run --merchant-url` overrides it; default: the sample shop. A saved journey names the merchant it was saved from',
      ),
    order: ScenarioOrderSchema.optional().describe(
      'The order: created by the scenario (default) or by the merchant; in_person instead for an in-person session',
    ),
    in_person: ScenarioInPersonSchema.optional(),
    settings: ScenarioSettingsSchema.optional(),
    faults: MerchantFaultsInputSchema.optional().describe(
      'Merchant faults for the scenario’s order, as in PUT …/merchant_faults ({duplicate_push: true}, {scenario: at_least_once_push}); the order goes back to the setting at the end',
    ),
    steps: z
      .array(ScenarioStepSchema)
      .describe(
        'The customer’s steps (at the checkout, or at the terminal), clock moves and merchant requests, in order',
      ),
    expect: z
      .array(ExpectationSchema)
      .min(1, 'must hold at least one expectation')
      .describe('Expectations about the merchant'),
    compare: ScenarioCompareSchema.optional(),
  })
  .superRefine((s, ctx) => {
    // The option is the merchant's, sent when it creates the order: the runner can only send it itself.
    if (s.settings?.require_validate_callback_success !== undefined && s.order?.from_merchant)
      ctx.addIssue({
        code: 'custom',
        path: ['settings', 'require_validate_callback_success'],
        message:
          'applies to an order the scenario creates (order.create); with order.from_merchant your server’s create body decides',
      });
    if (s.in_person) inPersonOnly(s, ctx);
    else checkoutOnly(s, ctx);
  })
  .describe('A Checkout Simulator scenario (sim-defined)');

/** Steps and expectations of a checkout order, which an in-person session has no use for. */
const CHECKOUT_STEPS = ['country', 'address', 'shipping_option', 'checkbox', 'complete', 'fraud_status'];
const CHECKOUT_EXPECTATIONS = ['callback', 'cart_after', 'step', 'customer_view'];

type FileShape = { steps: object[]; expect: object[]; order?: unknown; faults?: unknown; settings?: object };

function inPersonOnly(s: FileShape, ctx: z.RefinementCtx): void {
  const top = { order: 'the checkout order', faults: 'merchant faults (of a checkout order’s callbacks)' };
  for (const [key, what] of Object.entries(top))
    if (s[key as keyof typeof top] !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: [key],
        message: `goes with a checkout order, not with in_person: an in-person session has no ${what.replace(/^the /, '')}`,
      });
  if (s.settings && 'require_validate_callback_success' in s.settings)
    ctx.addIssue({
      code: 'custom',
      path: ['settings', 'require_validate_callback_success'],
      message: 'applies to a checkout order, not to an in-person session',
    });
  refuseItems(
    ctx,
    'steps',
    s.steps,
    (name) => CHECKOUT_STEPS.includes(name),
    'is a step of a checkout order; an in-person session takes terminal, cancel, advance, back_to_now and merchant',
  );
  refuseItems(
    ctx,
    'expect',
    s.expect,
    (name) => CHECKOUT_EXPECTATIONS.includes(name),
    'is about a checkout order’s callbacks or steps; an in-person session has none',
  );
}

function checkoutOnly(s: FileShape, ctx: z.RefinementCtx): void {
  refuseItems(
    ctx,
    'steps',
    s.steps,
    (name) => name in IN_PERSON_STEPS,
    'is a step of an in-person session: it needs in_person (the device and the session) in the file',
  );
  refuseItems(
    ctx,
    'expect',
    s.expect,
    (name) => name === 'session',
    'is about an in-person session: it needs in_person (the device and the session) in the file',
  );
}

/** An issue at each item of `list` (a step, an expectation: one key each) whose key `refused` names. */
function refuseItems(
  ctx: z.RefinementCtx,
  at: 'steps' | 'expect',
  list: object[],
  refused: (name: string) => boolean,
  message: string,
): void {
  list.forEach((item, i) => {
    const name = Object.keys(item)[0]!;
    if (refused(name)) ctx.addIssue({ code: 'custom', path: [at, i, name], message });
  });
}

/**
 * A scenario file: strict at every level (an unknown key anywhere is refused, naming its path), but for
 * the maps that are open by nature (order.create, a request's form and json, the fields of a read).
 */
export const ScenarioSchema = strictDeep(ScenarioFileSchema);
export type Scenario = z.infer<typeof ScenarioSchema>;

/** The JSON Schema of scenario files, for editors (`# yaml-language-server: $schema=…`, `"$schema"`). */
export function scenarioJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(ScenarioSchema, { io: 'input', unrepresentable: 'any' }),
    title: 'Checkout Simulator scenario',
  };
}
