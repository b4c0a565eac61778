import { z } from 'zod';
import { AddressSchema, OrderLineSchema, ShippingOptionSchema } from './checkout-order.schema';
import { FALLBACK_CAUSES, ShippingSelectionSchema, SHIPPING_SOURCES } from './shipping-assistant.schema';
import { ArrivalAppliedSchema, ArrivalModeSchema } from './arrival.schema';
import { STEP_NAMES, STEP_OUTCOMES, StepResultSchema } from './session.schema';

/*
 * The customer's side of a checkout (sim-defined): what the checkout shows inside the merchant's page, the
 * order of push and the confirmation redirect, and the client-side events the merchant's page receives.
 * The embedded checkout (its iframe), `GET /test_helpers/checkout/orders/{id}` and the console all read
 * the same view, built once in src-main/core/checkout/customer-view.ts.
 */

/** The client-side events of the checkout's JavaScript API, as the public documentation names them. */
export const CLIENT_EVENTS = [
  'load',
  'user_interacted',
  'customer',
  'change',
  'billing_address_change',
  'shipping_address_change',
  'shipping_address_update_error',
  'shipping_option_change',
  'order_total_change',
  'checkbox_change',
  'validation_callback',
  'can_not_complete_order',
  'network_error',
  'redirect_initiated',
  'load_confirmation',
] as const;
export const ClientEventNameSchema = z.enum(CLIENT_EVENTS);
export type ClientEventName = z.infer<typeof ClientEventNameSchema>;

/** One event the checkout told the merchant's page, as the iframe reports it to be logged. */
export const ClientEventSchema = z.object({
  event: ClientEventNameSchema,
  /** The payload the handler received (undefined for events without one). */
  data: z.unknown().optional(),
  /** The merchant page's origin the message was posted to (null when the checkout is not framed). */
  origin: z.string().max(300).nullable(),
});
export type ClientEvent = z.infer<typeof ClientEventSchema>;

/** The step the customer is on, as the checkout shows it. */
export const CUSTOMER_STEPS = ['address', 'shipping', 'pay', 'complete', 'closed'] as const;
export type CustomerStep = (typeof CUSTOMER_STEPS)[number];

/** The last step's result as the customer sees it (the merchant's error_text, the generic error, …). */
export const CustomerNoticeSchema = z.object({
  step: z.enum(STEP_NAMES),
  outcome: z.enum(STEP_OUTCOMES),
  /** What the checkout shows: the merchant's error_text, or the generic error's words. */
  text: z.string(),
  error_type: z.string().nullable(),
  redirect_url: z.string().nullable(),
  at: z.string(),
});
export type CustomerNotice = z.infer<typeof CustomerNoticeSchema>;

export const CustomerShippingSchema = z.object({
  /** Where the options come from; `none` when the order offers no shipping options. */
  source: z.enum([...SHIPPING_SOURCES, 'none']),
  /** Why the fallback (or digital) options show, in plain words. */
  reason: z.string().nullable(),
  fallback_cause: z.enum(FALLBACK_CAUSES).nullable(),
  /** The integrator's options answer a preview (country only) until the full address is known. */
  preview: z.boolean(),
  /** The integrator answered an empty list ("no shipping options"). */
  no_options: z.boolean(),
  /** A digital item is in the cart: the digital-delivery banner shows. */
  digital_banner: z.boolean(),
  /**
   * Each option as the checkout shows it: the merchant's fields, and for the integrator's options their
   * `carrier`, `locations`, `timeslots`, `addons` (with ids, prices and required inputs) and `preview`.
   */
  options: z.array(ShippingOptionSchema),
  /** The customer's pick among the integrator's options (location, timeslot, add-ons). */
  selection: ShippingSelectionSchema.nullable(),
  /** Why the last pay restarted the shipping selection (the integrator's failure_reason). */
  failure_reason: z.string().nullable(),
});
export type CustomerShipping = z.infer<typeof CustomerShippingSchema>;

/** After the purchase: where the browser goes, and when. */
export const CustomerConfirmationSchema = z.object({
  /** merchant_urls.confirmation with {checkout.order.id} replaced. */
  url: z.string(),
  arrival: ArrivalAppliedSchema,
  /**
   * `now`: the checkout redirects the merchant's page at once; `after_push`: it waits for the merchant's
   * answer to the first push (push_first); `never`: the customer does not arrive (push_only).
   */
  redirect: z.enum(['now', 'after_push', 'never']),
  completed_at: z.string(),
});
export type CustomerConfirmation = z.infer<typeof CustomerConfirmationSchema>;

/** What the customer sees now: `GET /test_helpers/checkout/orders/{id}`, the iframe, the console. */
export const CustomerViewSchema = z.object({
  order_id: z.string(),
  /** checkout_incomplete, checkout_complete, expired or aborted. */
  status: z.string(),
  step: z.enum(CUSTOMER_STEPS),
  purchase_country: z.string(),
  purchase_currency: z.string(),
  locale: z.string(),
  /** Countries the customer may switch to. */
  countries: z.array(z.string()),
  order_lines: z.array(OrderLineSchema),
  order_amount: z.int(),
  order_tax_amount: z.int(),
  totals: z.object({
    /** The lines but shipping. */
    items: z.int(),
    /** The shipping fee: the cart's shipping_fee lines, or the selected option's price still to be added. */
    shipping: z.int(),
    /** True when the cart has no shipping_fee line yet and the simulator adds one at completion. */
    shipping_added_at_completion: z.boolean(),
    /** What the customer pays. */
    total: z.int(),
    tax: z.int(),
  }),
  billing_address: AddressSchema.nullable(),
  shipping_address: AddressSchema.nullable(),
  address_entered: z.boolean(),
  allow_separate_shipping_address: z.boolean(),
  /** options.require_client_validation: pay asks the merchant's page first (validation_callback). */
  require_client_validation: z.boolean(),
  /** The merchant's additional checkboxes by pay, with the customer's answer (merchant_requested). */
  checkboxes: z.array(
    z.object({ key: z.string(), text: z.string(), required: z.boolean(), checked: z.boolean() }),
  ),
  shipping: CustomerShippingSchema,
  selected_shipping_option: ShippingOptionSchema.nullable(),
  /** The last step's result when the customer must see it (an error, a refusal); null otherwise. */
  notice: CustomerNoticeSchema.nullable(),
  /** Warnings for whoever drives the checkout (not the customer): e.g. no shipping_fee line after the option step. */
  warnings: z.array(z.string()),
  terms_url: z.string(),
  cancellation_terms_url: z.string().nullable(),
  /** The order's own push/redirect choice (null: the setting decides at completion). */
  arrival_choice: ArrivalModeSchema.nullable(),
  confirmation: CustomerConfirmationSchema.nullable(),
  expires_at: z.string(),
  updated_at: z.string(),
});
export type CustomerView = z.infer<typeof CustomerViewSchema>;

/**
 * What a customer step answers to the console and `/test_helpers` alike (sim-defined): the step's result
 * and what the customer sees after it.
 */
export const StepAnswerSchema = StepResultSchema.omit({ order: true }).extend({
  customer_view: CustomerViewSchema,
  order: StepResultSchema.shape.order,
});
export type StepAnswer = z.infer<typeof StepAnswerSchema>;

/**
 * The answer with its fields in the schema's order, whatever order they were built in: a reader of the raw
 * JSON (curl, a log) meets `step`, `outcome` and `message` in its first line, and the order (with its
 * html_snippet) last.
 */
export function inAnswerOrder(answer: StepAnswer): StepAnswer {
  const ordered: Record<string, unknown> = {};
  for (const key of Object.keys(StepAnswerSchema.shape)) {
    if (key in answer) ordered[key] = answer[key as keyof StepAnswer];
  }
  return ordered as StepAnswer;
}

/** The embedded checkout's own API answers errors in this shape (the control contract's). */
export const CustomerErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    problems: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  }),
});
export type CustomerError = z.infer<typeof CustomerErrorSchema>;

/** What a step from the embedded checkout answers: the step's result (as /test_helpers) and the new view. */
export const CustomerStepAnswerSchema = z.object({
  outcome: z.enum(STEP_OUTCOMES),
  message: z.string(),
  redirect_url: z.string().nullable(),
  error_type: z.string().nullable(),
  error_text: z.string().nullable(),
  view: CustomerViewSchema,
});
export type CustomerStepAnswer = z.infer<typeof CustomerStepAnswerSchema>;
