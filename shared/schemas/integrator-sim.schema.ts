import { z } from 'zod';

/*
 * Sim-defined: the built-in fake integrator's own settings and its fault switches, read and changed
 * through `GET`/`PUT /test_helpers/integrator/faults`, `…/settings` and the console.
 */

/** The endpoints whose faults switch separately. */
export const FAULT_ENDPOINTS = [
  'auth',
  'shippingoptions',
  'shipment_create',
  'shipment_update',
  'shipment_read',
] as const;
export type FaultEndpoint = (typeof FAULT_ENDPOINTS)[number];

/** How long a `timeout` fault holds a request at most when the client never gives up. */
export const TIMEOUT_FAULT_BOUND_MS = 120_000;

const off = z.boolean().default(false);

/** Faults every endpoint can have. Omitted switches are off. */
const common = {
  /** Extra milliseconds before answering. */
  latency_ms: z.int().min(0).max(60_000).default(0),
  /** Answer nothing until the client gives up (bounded at TIMEOUT_FAULT_BOUND_MS). */
  timeout: off,
  /** Answer with this 5xx status and a failure body instead; null is off. */
  status_5xx: z.int().min(500).max(599).nullable().default(null),
  /** Answer with a body cut in half: not JSON. */
  malformed_json: off,
  /** Leave out fields the spec requires (price and tax_rate of options, the token, the shipment id). */
  missing_required_fields: off,
};

export const AuthFaultsSchema = z.strictObject({
  ...common,
  /** Answer every POST /auth with 401, whatever the credentials. */
  reject_credentials: off,
  /** Treat every token as expired on its next use (the caller must re-authenticate and fails again). */
  expire_every_token: off,
});
export const OptionsFaultsSchema = z.strictObject({
  ...common,
  /** Answer `{"shipping_options": []}`: the "no options" state, not a fallback. */
  empty_list: off,
  /** Flip `preview` on every option (preview options marked valid and the other way round). */
  wrong_preview_flag: off,
});
export const ShipmentWriteFaultsSchema = z.strictObject({
  ...common,
  /** Answer 201/200 without the Location header. */
  missing_location: off,
});
export const ShipmentReadFaultsSchema = z.strictObject(common);

/** The whole fault set. A PUT replaces it: endpoints and switches left out are off. */
export const IntegratorFaultsSchema = z.strictObject({
  auth: AuthFaultsSchema.prefault({}),
  shippingoptions: OptionsFaultsSchema.prefault({}),
  shipment_create: ShipmentWriteFaultsSchema.prefault({}),
  shipment_update: ShipmentWriteFaultsSchema.prefault({}),
  shipment_read: ShipmentReadFaultsSchema.prefault({}),
});
export type IntegratorFaults = z.output<typeof IntegratorFaultsSchema>;
export type IntegratorFaultsInput = z.input<typeof IntegratorFaultsSchema>;
export type AuthFaults = IntegratorFaults['auth'];
export type OptionsFaults = IntegratorFaults['shippingoptions'];
export type ShipmentWriteFaults = IntegratorFaults['shipment_create'];
/** The switches every endpoint has. */
export type CommonFaults = IntegratorFaults['shipment_read'];

export const NO_FAULTS: IntegratorFaults = IntegratorFaultsSchema.parse({});

/** The fake integrator's settings, beside its credentials (which are generated, never set). */
export const IntegratorSettingsSchema = z.object({
  /** Lifetime of an issued bearer token on the simulator clock; down to seconds to test expiry. */
  token_ttl_s: z
    .int()
    .min(1)
    .max(7 * 24 * 3600),
  /** Clock time after a shipment's last create or update before its tracking ids appear. */
  tracking_delay_s: z
    .int()
    .min(0)
    .max(30 * 24 * 3600),
});
export type IntegratorSettings = z.infer<typeof IntegratorSettingsSchema>;
export const IntegratorSettingsPatchSchema = IntegratorSettingsSchema.partial().strict();

export const DEFAULT_INTEGRATOR_SETTINGS: IntegratorSettings = { token_ttl_s: 3600, tracking_delay_s: 7200 };

/** What the console shows and automation reads: credentials to configure a shipping assistant with. */
export const IntegratorInfoSchema = IntegratorSettingsSchema.extend({
  identifier: z.string(),
  key: z.string(),
});
export type IntegratorInfo = z.infer<typeof IntegratorInfoSchema>;
