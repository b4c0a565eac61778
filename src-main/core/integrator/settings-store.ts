import {
  IntegratorSettingsPatchSchema,
  type IntegratorSettings,
} from '@shared/schemas/integrator-sim.schema';
import { schemaProblems } from '@shared/rules/schema-problems';
import type { Db } from '../../store/db';
import { isoAt, type Clock } from '../clock';
import { invalid } from '../errors';
import { loadSettings, saveSettings } from './integrator-config';

/**
 * The fake integrator's settings (token lifetime, tracking delay), kept in SQLite: read by the fake and
 * by its shipments (the tracking delay), changed from the console or `PUT /test_helpers/integrator/settings`.
 */
export class IntegratorSettingsStore {
  private current: IntegratorSettings;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {
    this.current = loadSettings(db);
  }

  get(): IntegratorSettings {
    return { ...this.current };
  }

  /** Changes some settings; refuses unknown keys and bad values. */
  update(patch: unknown): IntegratorSettings {
    const parsed = IntegratorSettingsPatchSchema.safeParse(patch ?? {});
    if (!parsed.success) throw invalid(schemaProblems(parsed.error));
    this.current = { ...this.current, ...parsed.data };
    saveSettings(this.db, this.current, isoAt(this.clock));
    return this.get();
  }
}
