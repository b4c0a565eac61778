import { z } from 'zod';

/** Simulator settings, read and changed through `GET`/`PUT /test_helpers/settings` and the console. */
export const SettingsSchema = z.object({
  /** How long an in-session callback may take before the purchase fails (validation: fails open). */
  callback_timeout_ms: z.int().min(1).max(120_000),
});
export type Settings = z.infer<typeof SettingsSchema>;

/** A partial update; unknown keys are refused so a typo does not silently do nothing. */
export const SettingsPatchSchema = SettingsSchema.partial().strict();

export const DEFAULT_SETTINGS: Settings = { callback_timeout_ms: 10_000 };
