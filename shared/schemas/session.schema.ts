import { z } from 'zod';
import { AddressSchema, OrderLineSchema, ShippingOptionSchema } from './checkout-order.schema';
import { ArrivalAppliedSchema, ArrivalModeSchema } from './arrival.schema';
import { CountrySchema } from './common.schema';
import { ShippingChoiceFields, ShippingStateSchema } from './shipping-assistant.schema';
import { AppliedFaultSchema, MerchantFaultsSchema } from './merchant-faults.schema';
import { SettingsSchema } from './settings.schema';

/** Inputs of the customer's steps (automation API and console share them). */
export const CountryStepSchema = z.object({ country: CountrySchema });
export const AddressStepSchema = z.object({
  billing_address: AddressSchema,
  /** Optional: when absent, the billing address serves as both. */
  shipping_address: AddressSchema.optional(),
});
/** `location_id`, `timeslot_id` and `addons` apply while the options come from an integrator. */
export const ShippingOptionStepSchema = z.object({
  id: z.string().min(1, 'must not be empty'),
  ...ShippingChoiceFields,
});
/** The customer checks or unchecks one of the merchant's additional checkboxes (`merchant_checkbox` or its id). */
export const CheckboxStepSchema = z.object({
  key: z.string().min(1, 'must not be empty'),
  checked: z.boolean(),
});
export const CompleteStepSchema = z.object({
  fraud_status: z.enum(['ACCEPTED', 'PENDING', 'REJECTED']).optional(),
  /** Who tells the merchant first (sim-defined): overrides the order's choice and the setting for this purchase. */
  arrival: ArrivalModeSchema.optional(),
});

export const STEP_OUTCOMES = ['applied', 'rejected', 'redirected', 'failed', 'completed', 'denied'] as const;
export type StepOutcome = (typeof STEP_OUTCOMES)[number];

export const STEP_NAMES = [
  'create',
  'update',
  'country',
  'address',
  'shipping_option',
  'complete',
  // After completion, on the confirmation page (upsell enabled only).
  'upsell',
  'upsell_accept',
] as const;
export type StepName = (typeof STEP_NAMES)[number];

/** One field the merchant's answer changed, for the console's before/after view. */
export const ChangeSchema = z.object({ field: z.string(), before: z.unknown(), after: z.unknown() });
export type Change = z.infer<typeof ChangeSchema>;

/**
 * What a customer step answers: `{step, outcome, message, …, order}`. The fields are declared in the order they
 * are sent (see `inAnswerOrder`): what happened first, the whole order (kilobytes with its html_snippet) last.
 */
export const StepResultSchema = z.object({
  step: z.enum(STEP_NAMES),
  outcome: z.enum(STEP_OUTCOMES),
  /** One plain sentence: what happened and what the customer sees. */
  message: z.string(),
  redirect_url: z.string().nullable(),
  error_type: z.string().nullable(),
  error_text: z.string().nullable(),
  exchange_ids: z.array(z.string()),
  /** Parts of the answer that were ignored and why (e.g. an incomplete cart). */
  notes: z.array(z.string()),
  changes: z.array(ChangeSchema),
  at: z.string(),
  /** The upsell step only: the lines the merchant's server recommends (sim-defined upsell payload). */
  upsell_order_lines: z.array(OrderLineSchema).optional(),
  order: z.record(z.string(), z.unknown()),
});
export type StepResult = z.infer<typeof StepResultSchema>;

/** A step's answer before it is stamped with its step, time and order: what each step's code builds. */
export type StepResultDraft = Omit<StepResult, 'order' | 'at' | 'step'>;

/** A step's draft that says only its outcome and message; `more` gives whatever else happened. */
export const stepResultDraft = (
  outcome: StepResult['outcome'],
  message: string,
  more: Partial<StepResultDraft> = {},
): StepResultDraft => ({
  outcome,
  message,
  redirect_url: null,
  error_type: null,
  error_text: null,
  exchange_ids: [],
  notes: [],
  changes: [],
  ...more,
});

/** What the customer gave a step (the step's input as checked), kept in the history for a journey's export. */
export const StepInputSchema = z.union([
  CountryStepSchema,
  AddressStepSchema,
  ShippingOptionStepSchema,
  CompleteStepSchema,
]);
export type StepInput = z.infer<typeof StepInputSchema>;

/** One step in a session's history: its result without the order, and the customer's input. */
export const StepHistoryEntrySchema = StepResultSchema.omit({ order: true }).extend({
  /** Absent on steps recorded before inputs were kept, and on steps that take none. */
  input: StepInputSchema.optional(),
});
export type StepHistoryEntry = z.infer<typeof StepHistoryEntrySchema>;

/** The simulator's own state of a checkout session, beside the order document (never sent to the merchant). */
export const SessionStateSchema = z.object({
  /** Options the customer can pick from now. */
  shipping_options: z.array(ShippingOptionSchema),
  address_entered: z.boolean(),
  last_interaction_at: z.string(),
  /** Every step taken, oldest first. */
  history: z.array(StepHistoryEntrySchema),
  /** Warnings about the order's setup, e.g. callback URLs that production would refuse. */
  warnings: z.array(z.string()),
  aborted: z.boolean(),
  /**
   * Set when its expiry fired on the simulator clock: it stays expired should the clock go back (Back to
   * now), as a fired expiry is not undone. Absent: judged by expires_at alone.
   */
  expired: z.boolean().optional(),
  /** The shipping assistant's part (source of the options, fallback reason, shipment); absent while off. */
  shipping: ShippingStateSchema.optional(),
  /** The country the order was created for; it stays selectable after the customer switches away. */
  home_country: z.string().optional(),
  /** The order's own choice of push and redirect order (absent: the setting decides at completion). */
  arrival_mode: ArrivalModeSchema.optional(),
  /** What applied when the purchase completed. */
  arrival: ArrivalAppliedSchema.optional(),
  /** The order's own merchant faults (absent: the setting applies). */
  merchant_faults: MerchantFaultsSchema.optional(),
  /**
   * The settings that change how a checkout goes, as the customer's last step found them (a journey's
   * export writes them into the scenario file); absent on orders from before they were kept.
   */
  settings_seen: SettingsSchema.pick({
    callback_timeout_ms: true,
    production_tls_rules: true,
    upsell_enabled: true,
  }).optional(),
  /** Merchant faults applied during the checkout (in-session callbacks), oldest first. */
  faults_applied: z.array(AppliedFaultSchema).optional(),
});
export type SessionState = z.infer<typeof SessionStateSchema>;
