// A scenario's settings: set for its length and given back at its end, through /test_helpers/settings;
// require_validate_callback_success is the order's option, never the simulator's.
import { describe, expect, it } from 'vitest';
import { applySettings, restoreSettings } from './scenario-settings';
import type { SimApi } from './sim-api';

function sim() {
  const calls: [string, string, unknown][] = [];
  const api = {
    ok: async (method: string, path: string, body?: unknown) => {
      calls.push([method, path, body]);
      return { callback_timeout_ms: 10_000, upsell_enabled: false, other: 1 };
    },
  } as unknown as SimApi;
  return { api, calls };
}

describe('scenario settings', () => {
  it('sets the simulator’s settings and returns the values they replace', async () => {
    const s = sim();
    const before = await applySettings(s.api, {
      callback_timeout_ms: 500,
      upsell_enabled: true,
      require_validate_callback_success: true,
    });
    expect(before).toEqual({ callback_timeout_ms: 10_000, upsell_enabled: false });
    expect(s.calls).toEqual([
      ['GET', '/test_helpers/settings', undefined],
      ['PUT', '/test_helpers/settings', { callback_timeout_ms: 500, upsell_enabled: true }],
    ]);
    await restoreSettings(s.api, before);
    expect(s.calls[2]).toEqual(['PUT', '/test_helpers/settings', before]);
  });

  it('touches nothing without simulator settings', async () => {
    const s = sim();
    expect(await applySettings(s.api, undefined)).toBeNull();
    expect(await applySettings(s.api, { require_validate_callback_success: true })).toBeNull();
    await restoreSettings(s.api, null);
    expect(s.calls).toEqual([]);
  });
});
