import { describe, expect, it } from 'vitest';
import { IntegratorFaultsSchema, NO_FAULTS } from '@shared/schemas/integrator-sim.schema';
import { activeSwitches, faultsBody, faultsCurl, isOn, switchesOf } from './faults-view';

describe('switchesOf', () => {
  it('offers every switch of the schema, the endpoint’s own first', () => {
    for (const [endpoint, set] of Object.entries(NO_FAULTS)) {
      const keys = switchesOf(endpoint as keyof typeof NO_FAULTS).map((s) => s.key);
      expect([...keys].sort()).toEqual(Object.keys(set).sort());
    }
    expect(switchesOf('shippingoptions')[0]?.key).toBe('empty_list');
  });
});

describe('active switches and the automation body', () => {
  const faults = IntegratorFaultsSchema.parse({
    shippingoptions: { wrong_preview_flag: true, latency_ms: 300 },
    auth: { status_5xx: 503 },
  });

  it('lists what is on per endpoint', () => {
    expect(activeSwitches(faults)).toEqual({
      auth: ['status_5xx'],
      shippingoptions: ['wrong_preview_flag', 'latency_ms'],
      shipment_create: [],
      shipment_update: [],
      shipment_read: [],
    });
    expect(isOn(0)).toBe(false);
    expect(isOn(null)).toBe(false);
    expect(isOn(503)).toBe(true);
  });

  it('writes the PUT body with only what differs from the defaults', () => {
    expect(faultsBody(faults)).toEqual({
      auth: { status_5xx: 503 },
      shippingoptions: { latency_ms: 300, wrong_preview_flag: true },
    });
    expect(faultsBody(NO_FAULTS)).toEqual({});
    expect(faultsCurl('http://127.0.0.1:4700', 'merchant', 'secret', NO_FAULTS)).toBe(
      "curl -s -u merchant:secret -X PUT -H 'content-type: application/json' -d '{}' http://127.0.0.1:4700/test_helpers/integrator/faults",
    );
  });
});
