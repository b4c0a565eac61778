import { z } from 'zod';
import { ArrivalModeSchema } from './arrival.schema';
import { isFrameOrigin } from '../rules/frame-origins';
import { LOG_MAX_BYTES_DEFAULT, LogMaxBytesSchema } from './log-status.schema';

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
  /**
   * Who tells the merchant first that a purchase completed, unless the order chose (sim-defined):
   * `redirect_first` as the spec schedules it, `push_first`, or `push_only` (the customer never arrives).
   */
  confirmation_arrival: ArrivalModeSchema,
  /**
   * Origins allowed to frame the embedded checkout (`http://localhost:3000`, `https://shop.example`);
   * empty (the default) allows any origin.
   */
  checkout_frame_origins: z
    .array(
      z
        .string()
        .refine(
          isFrameOrigin,
          'must be an http:// or https:// origin: scheme, host and optional port, no path',
        ),
    )
    .max(50),
  /**
   * The exchange log's size cap in bytes (1 MiB to 1 TiB; default 1 GiB): past it the log's writer removes
   * the oldest exchanges first. Also the config file's `log_max_bytes`.
   */
  log_max_bytes: LogMaxBytesSchema,
  /**
   * How long (real milliseconds) an advance of the clock waits, after an instant that called a merchant
   * (a push), for the merchant to go quiet: no request of its about the order in flight and none begun or
   * ended within this window. Its reactions are recorded at that instant's time. 0 waits only for the
   * answers. Default 250.
   */
  advance_quiet_ms: z.int().min(0).max(10_000),
});
export type Settings = z.infer<typeof SettingsSchema>;

/** A partial update; unknown keys are refused so a typo does not silently do nothing. */
export const SettingsPatchSchema = SettingsSchema.partial().strict();

export const DEFAULT_SETTINGS: Settings = {
  callback_timeout_ms: 10_000,
  production_tls_rules: false,
  upsell_enabled: false,
  ipp_session_timeout_ms: 5 * 60 * 1000,
  confirmation_arrival: 'redirect_first',
  checkout_frame_origins: [],
  log_max_bytes: LOG_MAX_BYTES_DEFAULT,
  advance_quiet_ms: 250,
};
