import { z } from 'zod';
import { NoInput, OrderIdInput } from './op-inputs';
import {
  AssistantSettingsViewSchema,
  ConformanceExportSchema,
  ConformanceInputSchema,
  ConformanceRunListSchema,
  PickupSearchInputSchema,
  PickupSearchResultSchema,
  ScorecardSchema,
  ScorecardSummarySchema,
  ShipmentTrackingSchema,
} from '../schemas/shipping-assistant.schema';

/**
 * Operations of the shipping assistant (the simulator calling an integrator) and of the conformance run
 * ("test my integrator"). The session's shipping state (source, fallback reason, shipment) is part of
 * `session.get` (state.shipping); the customer's choice is `session.shippingOption`.
 */
export const shippingOps = {
  /** The settings with the key masked as `••••last4`. */
  'shipping.settings.get': { input: NoInput, output: AssistantSettingsViewSchema },
  /** A partial update of {enabled, base_url, identifier, key, timeout_ms, tracking_poll_interval_s, built_in}. */
  'shipping.settings.update': {
    // Passed on whole to the service's strict schema: a record would drop a `__proto__` field unseen.
    input: z.unknown(),
    output: AssistantSettingsViewSchema,
  },
  /** The one switch: on, against the built-in fake integrator with its credentials. */
  'shipping.settings.useBuiltIn': { input: NoInput, output: AssistantSettingsViewSchema },
  /** A new postal code in the pickup map: country and postal code only; only the locations are taken. */
  'shipping.pickupSearch': {
    input: OrderIdInput.extend(PickupSearchInputSchema.shape),
    output: PickupSearchResultSchema,
  },
  /** The purchase's shipment and its tracking as polled; null when the order has none. */
  'shipping.tracking.get': { input: OrderIdInput, output: ShipmentTrackingSchema.nullable() },
  'shipping.conformance.run': { input: ConformanceInputSchema, output: ScorecardSchema },
  'shipping.conformance.list': {
    input: z.object({ limit: z.int().min(1).max(1000).optional() }).optional(),
    /** `{runs}`, newest first. */
    output: ConformanceRunListSchema,
  },
  'shipping.conformance.get': {
    input: z.object({ runId: z.string().min(1) }),
    output: ScorecardSchema.nullable(),
  },
  /** The scorecard as a file to download: JUnit XML or JSON. */
  'shipping.conformance.export': {
    input: z.object({ runId: z.string().min(1), format: z.enum(['xml', 'json']) }),
    output: ConformanceExportSchema,
  },
} as const;

export const shippingEvents = {
  'shipping.settings.changed': AssistantSettingsViewSchema,
  'shipping.tracking.updated': ShipmentTrackingSchema,
  'shipping.conformance.finished': ScorecardSummarySchema,
} as const;
