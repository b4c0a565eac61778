import { afterEach, describe, expect, it } from 'vitest';
import { tempCore } from '../../test-kit/temp-core';

let env: ReturnType<typeof tempCore>;
afterEach(() => env?.dispose());

describe('shipping control operations', () => {
  it('are off by default; the key is stored in full and shown masked', async () => {
    env = tempCore();
    const invoke = (op: string, input?: unknown) => env.core.control.invoke(op, input);
    expect(await invoke('shipping.settings.get')).toMatchObject({
      enabled: false,
      base_url: '',
      key: '',
      configured: true,
      problem: null,
    });
    const v = await invoke('shipping.settings.update', {
      enabled: true,
      base_url: 'https://tms.example/api/',
      identifier: 'me',
      key: 'abcdefgh',
    });
    expect(v).toMatchObject({ key: '••••efgh', configured: true });
    expect(env.core.shipping.settings.target()).toEqual({
      baseUrl: 'https://tms.example/api',
      identifier: 'me',
      key: 'abcdefgh',
      timeoutMs: 10_000,
    });
    await expect(invoke('shipping.settings.useBuiltIn')).rejects.toThrow(/not listening/);
    expect(await invoke('shipping.tracking.get', { orderId: 'nope' })).toBeNull();
    expect(await invoke('shipping.conformance.list')).toEqual({ runs: [] });
    expect(await invoke('shipping.conformance.get', { runId: 'nope' })).toBeNull();
    await expect(invoke('shipping.conformance.export', { runId: 'nope', format: 'xml' })).rejects.toThrow(
      /was not found/,
    );
    await expect(invoke('shipping.pickupSearch', { orderId: 'nope', postal_code: '1' })).rejects.toThrow(
      /was not found/,
    );
  });

  it('survive a restart (settings in SQLite)', async () => {
    env = tempCore();
    env.core.shipping.settings.update({ enabled: true, built_in: true, tracking_poll_interval_s: 60 });
    const { createCore } = await import('../create-core');
    const { openStore } = await import('../../store/store');
    const { silentLogger } = await import('../log');
    const { join } = await import('node:path');
    const second = createCore({
      ...openStore(join(env.dir, 'simulator.db')),
      clock: env.clock,
      log: silentLogger,
    });
    expect(second.shipping.settings.get()).toMatchObject({
      enabled: true,
      built_in: true,
      tracking_poll_interval_s: 60,
    });
    await second.close();
  });
});
