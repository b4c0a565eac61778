import { afterEach, describe, expect, it } from 'vitest';
import { tempCore } from '../../test-kit/temp-core';
import { SimFailure } from '../errors';

let env: ReturnType<typeof tempCore>;
afterEach(() => env.dispose());

describe('the fake integrator through the control contract', () => {
  it('shows its credentials and changes its settings', async () => {
    env = tempCore();
    const info = (await env.core.control.invoke('integrator.info', {})) as {
      identifier: string;
      key: string;
    };
    expect(info.identifier).toBe('sim-merchant');
    expect(info.key).toBe(env.core.integrator.credentials().key);
    const next = await env.core.control.invoke('integrator.settings.update', { token_ttl_s: 5 });
    expect(next).toMatchObject({ token_ttl_s: 5 });
  });

  it('announces every change of its faults and settings, whoever made it', async () => {
    env = tempCore();
    const seen: unknown[] = [];
    env.core.events.on('integrator.changed', (c) => seen.push(c.faults.auth.reject_credentials));
    env.core.integrator.faults.update('auth', { reject_credentials: true });
    env.core.integrator.updateSettings({ tracking_delay_s: 10 });
    expect(seen).toEqual([true, true]);
  });

  it('switches one endpoint’s faults, replaces the whole set, and refuses unknown switches', async () => {
    env = tempCore();
    await env.core.control.invoke('integrator.faults.update', {
      endpoint: 'shippingoptions',
      patch: { wrong_preview_flag: true },
    });
    expect(env.core.integrator.faults.of('shippingoptions').wrong_preview_flag).toBe(true);
    await env.core.control.invoke('integrator.faults.set', { auth: { reject_credentials: true } });
    expect(env.core.integrator.faults.of('shippingoptions').wrong_preview_flag).toBe(false);
    expect(env.core.integrator.faults.of('auth').reject_credentials).toBe(true);
    await expect(
      env.core.control.invoke('integrator.faults.update', { endpoint: 'auth', patch: { teleport: true } }),
    ).rejects.toBeInstanceOf(SimFailure);
    await expect(
      env.core.control.invoke('integrator.faults.update', { endpoint: 'nope', patch: {} }),
    ).rejects.toThrow(/endpoint/);
  });
});
