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
