import type { ScenarioSettings } from '@shared/schemas/scenario.schema';
import type { SimApi } from './sim-api';

/** The simulator's settings a scenario changed, as they were before it. */
export type SettingsBefore = Record<string, unknown> | null;

/**
 * Sets the scenario's settings for its length (`PUT /test_helpers/settings`) and returns the values they
 * replace. require_validate_callback_success is not among them: it is an option of the order, sent when
 * the scenario creates it.
 */
export async function applySettings(
  sim: SimApi,
  settings: ScenarioSettings | undefined,
): Promise<SettingsBefore> {
  const { require_validate_callback_success: _order, ...simulator } = settings ?? {};
  const keys = Object.keys(simulator);
  if (keys.length === 0) return null;
  const current = await sim.ok<Record<string, unknown>>('GET', '/test_helpers/settings');
  const before = Object.fromEntries(keys.map((k) => [k, current[k]]));
  await sim.ok('PUT', '/test_helpers/settings', simulator);
  return before;
}

/** Gives the simulator back the values a scenario's settings replaced. */
export async function restoreSettings(sim: SimApi, before: SettingsBefore): Promise<void> {
  if (before) await sim.ok('PUT', '/test_helpers/settings', before);
}
