import { randomBytes } from 'node:crypto';
import {
  DEFAULT_INTEGRATOR_SETTINGS,
  IntegratorFaultsSchema,
  IntegratorSettingsSchema,
  NO_FAULTS,
  type IntegratorFaults,
  type IntegratorSettings,
} from '@shared/schemas/integrator-sim.schema';
import { readIntegratorConfig, writeIntegratorConfig } from '../../store/integrator-config.repo';
import type { Db } from '../../store/db';

/** The merchant credentials the fake integrator issues (spec § Authentication, step 2). */
export interface IntegratorCredentials {
  identifier: string;
  key: string;
}

export const DEFAULT_IDENTIFIER = 'sim-merchant';

/**
 * The credentials, generated once on first start and kept in SQLite, so a shipping assistant configured
 * with them keeps working across restarts.
 */
export function loadOrCreateCredentials(db: Db, at: string): IntegratorCredentials {
  const stored = readIntegratorConfig(db, 'credentials') as IntegratorCredentials | undefined;
  if (stored?.identifier && stored.key) return stored;
  const created = { identifier: DEFAULT_IDENTIFIER, key: randomBytes(24).toString('base64url') };
  writeIntegratorConfig(db, 'credentials', created, at);
  return created;
}

/** Stored settings, each missing or invalid value replaced by its default (a newer build may add keys). */
export function loadSettings(db: Db): IntegratorSettings {
  const stored = readIntegratorConfig(db, 'settings');
  const parsed = IntegratorSettingsSchema.partial().safeParse(stored ?? {});
  return { ...DEFAULT_INTEGRATOR_SETTINGS, ...(parsed.success ? parsed.data : {}) };
}

export function saveSettings(db: Db, settings: IntegratorSettings, at: string): void {
  writeIntegratorConfig(db, 'settings', settings, at);
}

/** Stored fault switches; all off when none are stored or they no longer parse. */
export function loadFaults(db: Db): IntegratorFaults {
  const parsed = IntegratorFaultsSchema.safeParse(readIntegratorConfig(db, 'faults') ?? {});
  return parsed.success ? parsed.data : NO_FAULTS;
}

export function saveFaults(db: Db, faults: IntegratorFaults, at: string): void {
  writeIntegratorConfig(db, 'faults', faults, at);
}
