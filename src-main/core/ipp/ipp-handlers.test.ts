import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Session } from '@shared/schemas/ipp.schema';
import { tempCore } from '../../test-kit/temp-core';
import { sampleSession } from '../../test-kit/ipp-elements-kit';

let env: ReturnType<typeof tempCore>;
beforeEach(() => {
  env = tempCore();
});
afterEach(() => env.dispose());
const invoke = (op: string, input?: unknown) => env.core.control.invoke(op, input);

describe('in-person control operations', () => {
  it('lists devices with the session each terminal shows, and adds one', async () => {
    const s = env.core.ipp.sessions.create(sampleSession('device-counter-1'));
    const devices = (await invoke('ipp.devices.list', {})) as { id: string; open_session: Session | null }[];
    expect(devices.map((d) => [d.id, d.open_session?.session_id ?? null])).toEqual([
      ['device-counter-1', s.session_id],
      ['device-pop-up-stand', null],
    ]);
    const added = (await invoke('ipp.devices.add', { name: 'Kiosk', platform: 'android' })) as { id: string };
    expect(added).toMatchObject({ name: 'Kiosk', platform: 'android', location_id: null, metadata: {} });
    expect(((await invoke('ipp.devices.list')) as unknown[]).length).toBe(3);
    await expect(invoke('ipp.devices.add', { name: 'x', platform: 'windows' })).rejects.toMatchObject({
      code: 'BAD_INPUT',
    });
  });

  it('removes a device unless a session is open on it; its past sessions stay readable', async () => {
    const s = env.core.ipp.sessions.create(sampleSession('device-counter-1'));
    await expect(invoke('ipp.devices.remove', { device_id: 'device-counter-1' })).rejects.toMatchObject({
      code: 'DEVICE_BUSY',
      message: expect.stringMatching(/cancel it before deregistering/),
    });
    await invoke('ipp.terminal.action', { session_id: s.session_id, action: 'tap_card' });
    expect(await invoke('ipp.devices.remove', { device_id: 'device-counter-1' })).toEqual({
      removed: 'device-counter-1',
    });
    const left = (await invoke('ipp.devices.list')) as { id: string }[];
    expect(left.map((d) => d.id)).toEqual(['device-pop-up-stand']);
    expect(await invoke('ipp.session.get', { session_id: s.session_id })).toMatchObject({
      status: 'FINALIZED',
    });
    await expect(invoke('ipp.devices.remove', { device_id: 'device-counter-1' })).rejects.toMatchObject({
      code: 'DEVICE_NOT_FOUND',
    });
    await expect(invoke('ipp.devices.remove', { device_id: '' })).rejects.toMatchObject({
      code: 'BAD_INPUT',
    });
  });

  it('drives the terminal, lists sessions newest first and reads one', async () => {
    const a = env.core.ipp.sessions.create(sampleSession('device-counter-1'));
    const b = env.core.ipp.sessions.create(sampleSession('device-pop-up-stand'));
    const updates: string[] = [];
    env.core.events.on('ipp.session.updated', (s) => updates.push(s.status));
    const done = (await invoke('ipp.terminal.action', {
      session_id: a.session_id,
      action: 'tap_card',
    })) as Session;
    expect(done.status).toBe('FINALIZED');
    const failed = (await invoke('ipp.terminal.action', {
      session_id: b.session_id,
      action: 'decline',
      reason: 'insufficient funds',
    })) as Session;
    expect(failed.failure_reason).toBe('insufficient funds');
    // One event per stored change: CREATED → ACTIVE → FINALIZED is one step, its history holds both.
    expect(updates).toEqual(['FINALIZED', 'FAILED']);
    const list = (await invoke('ipp.sessions.list', {})) as Session[];
    expect(list.map((s) => s.session_id)).toEqual([b.session_id, a.session_id]);
    const mine = (await invoke('ipp.sessions.list', { device_id: 'device-counter-1' })) as Session[];
    expect(mine.map((s) => s.session_id)).toEqual([a.session_id]);
    expect(await invoke('ipp.session.get', { session_id: a.session_id })).toEqual(done);
    expect(await invoke('ipp.session.get', { session_id: 'nope' })).toBeNull();
    await expect(
      invoke('ipp.terminal.action', { session_id: a.session_id, action: 'walk_away' }),
    ).rejects.toMatchObject({
      code: 'SESSION_NOT_OPEN',
    });
    await expect(
      invoke('ipp.terminal.action', { session_id: a.session_id, action: 'dance' }),
    ).rejects.toMatchObject({
      code: 'BAD_INPUT',
    });
  });

  it('emits ipp.device.changed for console and API changes', async () => {
    const changes: string[] = [];
    env.core.events.on('ipp.device.changed', (e) => changes.push(`${e.change}:${e.device_id}`));
    env.core.ipp.devices.update('device-counter-1', { name: 'Till' });
    env.core.ipp.devices.remove('device-pop-up-stand');
    expect(changes).toEqual(['updated:device-counter-1', 'removed:device-pop-up-stand']);
  });
});
