import { z } from 'zod';
import { AddonSchema } from './integrator.schema';

/*
 * The shipping assistant: the simulator calling an integrator (shipping-integrator-api.md). Its settings,
 * the shipping part of a checkout session's state, the customer's choice, shipment tracking, and the
 * conformance run's scorecard. All shapes here are sim-defined (the spec has no console or automation).
 */

// ---- Settings --------------------------------------------------------------------------------------

const httpUrl = z
  .string()
  .max(2000)
  .refine((s) => s === '' || /^https?:\/\/[^\s/]+/i.test(s), 'must be an http:// or https:// URL');

/** Stored settings. `built_in` (sim-defined) follows the built-in fake's URL and credentials, which change. */
export const AssistantSettingsSchema = z.object({
  enabled: z.boolean(),
  built_in: z.boolean(),
  base_url: httpUrl,
  identifier: z.string().max(200),
  key: z.string().max(500),
  /** GAPS.md: 10 seconds by default; past it, the fallback options. */
  timeout_ms: z.int().min(50).max(120_000),
  /** How often GET /shipment/{id} runs after purchase while tracking is incomplete (simulator clock). */
  tracking_poll_interval_s: z
    .int()
    .min(1)
    .max(48 * 3600),
});
export type AssistantSettings = z.infer<typeof AssistantSettingsSchema>;

/** A PUT: any subset; unknown keys are refused so a typo does not silently do nothing. */
export const AssistantSettingsPatchSchema = AssistantSettingsSchema.partial().strict();

export const DEFAULT_ASSISTANT_SETTINGS: AssistantSettings = {
  enabled: false,
  built_in: false,
  base_url: '',
  identifier: '',
  key: '',
  timeout_ms: 10_000,
  tracking_poll_interval_s: 900,
};

/** What GET answers: the key masked as `••••last4`, and the URL and identifier in force. */
export const AssistantSettingsViewSchema = AssistantSettingsSchema.extend({
  /** False while enabled but unusable (no URL, identifier or key); `problem` says what is missing. */
  configured: z.boolean(),
  problem: z.string().nullable(),
});
export type AssistantSettingsView = z.infer<typeof AssistantSettingsViewSchema>;

// ---- The customer's choice -------------------------------------------------------------------------

/** An add-on as the customer sets it: its type and `data` (spec § Add-on). */
export const AddonChoiceSchema = z.object({
  type: z.string().min(1, 'must not be empty'),
  data: z.object({ text: z.string().optional(), selected: z.boolean() }),
});
export type AddonChoice = z.infer<typeof AddonChoiceSchema>;

/** The extension of the shipping_option step while the options come from an integrator. */
export const ShippingChoiceFields = {
  location_id: z.string().min(1).optional(),
  timeslot_id: z.string().min(1).optional(),
  addons: z.array(AddonChoiceSchema).optional(),
};

// ---- Session state ---------------------------------------------------------------------------------

export const SHIPPING_SOURCES = ['integrator', 'fallback', 'digital', 'merchant'] as const;
export type ShippingSource = (typeof SHIPPING_SOURCES)[number];

/** Why the fallback options are shown (spec § Errors: fallback is not the empty list). */
export const FALLBACK_CAUSES = [
  'not_configured',
  'timeout',
  'unreachable',
  'server_error',
  'unlisted_status',
  'not_json',
  'invalid_response',
  'unauthorized',
] as const;
export type FallbackCause = (typeof FALLBACK_CAUSES)[number];

export const ShippingSelectionSchema = z.object({
  id: z.string(),
  location_id: z.string().nullable(),
  timeslot_id: z.string().nullable(),
  /** The selected add-ons as sent to the integrator, with their `data`. */
  addons: z.array(AddonSchema),
});
export type ShippingSelection = z.infer<typeof ShippingSelectionSchema>;

export const SessionShipmentSchema = z.object({
  shipment_id: z.string(),
  location: z.string(),
  /** How many times pay created or updated it (POST once, then PUT). */
  attempts: z.int(),
  confirmed_at: z.string(),
});

/** The shipping assistant's part of a session's state; absent while it never ran (merchant options). */
export const ShippingStateSchema = z.object({
  source: z.enum(SHIPPING_SOURCES),
  /** Why the fallback (or digital, or merchant) options are shown, in plain words; null for integrator. */
  reason: z.string().nullable(),
  fallback_cause: z.enum(FALLBACK_CAUSES).nullable(),
  /** The last /shippingoptions call: a preview (country only) or a full address. */
  request: z.enum(['preview', 'full']).nullable(),
  /** The integrator answered an empty list: the "no shipping options" state, not a fallback. */
  no_options: z.boolean(),
  /** A digital item is in the cart: the digital-delivery banner shows. */
  digital_banner: z.boolean(),
  /** False for a cart without physical items (spec § Errors). */
  allow_separate_shipping_address: z.boolean(),
  /** The UUID sent as session_id to the integrator, one per checkout session. */
  session_id: z.string(),
  /** The last request body's fingerprint: a refresh with nothing changed is not sent again. */
  request_key: z.string().nullable(),
  selection: ShippingSelectionSchema.nullable(),
  shipment: SessionShipmentSchema.nullable(),
  /** Why the last pay restarted the selection (the integrator's failure_reason or what went wrong). */
  failure_reason: z.string().nullable(),
  exchange_ids: z.array(z.string()),
  updated_at: z.string(),
});
export type ShippingState = z.infer<typeof ShippingStateSchema>;

// ---- Pickup search and tracking --------------------------------------------------------------------

export const PickupSearchInputSchema = z.object({
  postal_code: z.string().trim().min(1, 'must not be empty').max(20),
});

export const PickupSearchResultSchema = z.object({
  outcome: z.enum(['applied', 'failed']),
  message: z.string(),
  /** Locations taken from the answer, per option id. */
  locations_found: z.record(z.string(), z.int()),
  exchange_ids: z.array(z.string()),
  shipping_options: z.array(z.record(z.string(), z.unknown())),
});
export type PickupSearchResult = z.infer<typeof PickupSearchResultSchema>;

export const TRACKING_STATUSES = ['reserved', 'polling', 'complete', 'gave_up', 'lost'] as const;

/** A purchase's shipment and its tracking, as polled after purchase. */
export const ShipmentTrackingSchema = z.object({
  order_id: z.string(),
  shipment_id: z.string(),
  status: z.enum(TRACKING_STATUSES),
  shipments: z.array(z.object({ carrier: z.string(), tracking_id: z.string() })),
  polls: z.int(),
  last_polled_at: z.string().nullable(),
  next_poll_at: z.string().nullable(),
  /** Purchase time + 48 hours: polling stops then even without tracking. */
  poll_until: z.string().nullable(),
  last_error: z.string().nullable(),
  updated_at: z.string(),
});
export type ShipmentTracking = z.infer<typeof ShipmentTrackingSchema>;

// ---- Conformance run -------------------------------------------------------------------------------

export const ConformanceInputSchema = z.object({
  base_url: httpUrl.refine((s) => s !== '', 'is required'),
  identifier: z.string().min(1, 'must not be empty'),
  key: z.string().min(1, 'must not be empty'),
  /** How long each call may take (default: the assistant's timeout_ms). */
  timeout_ms: z.int().min(50).max(120_000).optional(),
});
export type ConformanceInput = z.infer<typeof ConformanceInputSchema>;

export const RuleResultSchema = z.object({
  id: z.string(),
  title: z.string(),
  spec_ref: z.string(),
  status: z.enum(['pass', 'fail', 'skip']),
  message: z.string(),
  exchange_ids: z.array(z.string()),
});
export type RuleResult = z.infer<typeof RuleResultSchema>;

export const ScorecardSummarySchema = z.object({
  run_id: z.string(),
  at: z.string(),
  base_url: z.string(),
  identifier: z.string(),
  passed: z.int(),
  failed: z.int(),
  skipped: z.int(),
});
export type ScorecardSummary = z.infer<typeof ScorecardSummarySchema>;

/** `GET /test_helpers/integrator/conformance`: earlier runs, newest first. */
export const ConformanceRunListSchema = z.object({ runs: z.array(ScorecardSummarySchema) });

export const ScorecardSchema = ScorecardSummarySchema.extend({
  duration_ms: z.number(),
  rules: z.array(RuleResultSchema),
});
export type Scorecard = z.infer<typeof ScorecardSchema>;

export const ConformanceExportSchema = z.object({
  filename: z.string(),
  content_type: z.string(),
  body: z.string(),
});
