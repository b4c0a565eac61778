import { randomBytes } from 'node:crypto';
import {
  DEFAULT_SETTINGS,
  SettingsPatchSchema,
  SettingsSchema,
  type Settings,
} from '@shared/schemas/settings.schema';
import { schemaProblems } from '@shared/rules/schema-problems';
import { readSettings, writeSettings } from '../store/settings.repo';
import type { Db } from '../store/db';
import type { Clock } from './clock';
import { invalid } from './errors';
import type { EventBus } from './events';

/** The simulator's settings: defaults, overlaid with what was stored, validated on every change. */
export class SettingsService {
  private current: Settings;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly events?: EventBus,
  ) {
    const stored = SettingsSchema.partial().safeParse(readSettings(db));
    this.current = { ...DEFAULT_SETTINGS, ...(stored.success ? stored.data : {}) };
  }

  get(): Settings {
    return { ...this.current };
  }

  /** Applies a partial update; unknown keys and bad values are refused, naming the field. */
  update(patch: unknown): Settings {
    const parsed = SettingsPatchSchema.safeParse(patch);
    if (!parsed.success) throw invalid(schemaProblems(parsed.error));
    writeSettings(this.db, parsed.data, new Date(this.clock.now()).toISOString());
    this.current = { ...this.current, ...parsed.data };
    this.events?.emit('settings.changed', this.get());
    return this.get();
  }
}

/**
 * A 32-byte secret of this data folder, kept in the settings table under `key` (base64url) and made on first
 * start: what survives a restart, so tokens and sealed texts made before it still verify and open.
 */
export function storedSecret(db: Db, key: string, now: () => number): Buffer {
  const stored = readSettings(db)[key];
  // 32 bytes are 43 base64url characters: anything shorter was not written here, so a new secret replaces it.
  if (typeof stored === 'string' && stored.length >= 43) return Buffer.from(stored, 'base64url');
  const secret = randomBytes(32);
  writeSettings(db, { [key]: secret.toString('base64url') }, new Date(now()).toISOString());
  return secret;
}
