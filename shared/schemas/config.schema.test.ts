import { describe, expect, it } from 'vitest';
import { DEFAULT_PORTS, portsFor } from './config.schema';

describe('portsFor (serve and the desktop app)', () => {
  it('fills the defaults in under the config file’s ports', () => {
    expect(portsFor(undefined, {})).toEqual(DEFAULT_PORTS);
    expect(portsFor(undefined, { ports: { console: 0 } })).toEqual({ ...DEFAULT_PORTS, console: 0 });
  });
  it('lets --port win: N to N+4, or all free with 0', () => {
    expect(portsFor(5000, { ports: { api: 1 } })).toEqual({
      api: 5000,
      console: 5001,
      integrator: 5002,
      checkout: 5003,
      shop: 5004,
    });
    expect(portsFor(0, {})).toEqual({ api: 0, console: 0, integrator: 0, checkout: 0, shop: 0 });
  });
});
