import { z } from 'zod';

/** Simulator settings, read and changed through `GET`/`PUT /test_helpers/settings` and the console. */
export const SettingsSchema = z.object({
  /** How long an in-session callback may take before the purchase fails (validation: fails open). */
  callback_timeout_ms: z.int().min(1).max(120_000),
  /**
   * Production TLS rules: when on, an http:// callback URL fails and push verifies certificates (a
   * self-signed one fails push, still works in-session). Off (the default): everything is delivered and
   * each call production would refuse is flagged "would fail in production" on its exchange.
   */
  production_tls_rules: z.boolean(),
  /** Upsell on the confirmation page; when off, upsell, upsell_validation and upsell_notification are never called. */
  upsell_enabled: z.boolean(),
  /** How long an in-person payment session stays open before it expires (on the simulator's clock). */
  ipp_session_timeout_ms: z.int().min(1000).max(86_400_000),
});
export type Settings = z.infer<typeof SettingsSchema>;

/** A partial update; unknown keys are refused so a typo does not silently do nothing. */
export const SettingsPatchSchema = SettingsSchema.partial().strict();

export const DEFAULT_SETTINGS: Settings = {
  callback_timeout_ms: 10_000,
  production_tls_rules: false,
  upsell_enabled: false,
  ipp_session_timeout_ms: 5 * 60 * 1000,
};
