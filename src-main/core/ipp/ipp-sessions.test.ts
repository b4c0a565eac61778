import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Session } from '@shared/schemas/ipp.schema';
import { tempCore } from '../../test-kit/temp-core';
import { sampleSession } from '../../test-kit/ipp-elements-kit';
import { silentLogger } from '../log';
import { EventBus } from '../events';
import { IppSessions } from './ipp-sessions';
import { DEFAULT_IPP_SESSION_TIMEOUT_MS, SessionTimeout } from './session-timeout';

const DEVICE = 'device-counter-1';
let env: ReturnType<typeof tempCore>;
let sessions: IppSessions;
beforeEach(() => {
  env = tempCore();
  sessions = env.core.ipp.sessions;
});
afterEach(() => env.dispose());

const create = (over: Record<string, unknown> = {}) => sessions.create(sampleSession(DEVICE, over));
const trail = (s: Session) => s.history.map((h) => `${h.status}:${h.cause}`);

describe('session transitions', () => {
  it('creates a session CREATED with its history, expiry and no PIN attempts', () => {
    const s = create();
    expect(s.status).toBe('CREATED');
    expect(s.pin_attempts).toBe(0);
    expect(s.created_at).toBe('2026-01-01T00:00:00.000Z');
    expect(s.expires_at).toBe('2026-01-01T00:05:00.000Z');
    expect(trail(s)).toEqual(['CREATED:api.create']);
  });

  it('tap card: CREATED → ACTIVE → FINALIZED, both recorded with the terminal cause', () => {
    const s = sessions.tapCard(create().session_id);
    expect(s.status).toBe('FINALIZED');
    expect(trail(s)).toEqual([
      'CREATED:api.create',
      'ACTIVE:terminal.tap_card',
      'FINALIZED:terminal.tap_card',
    ]);
  });

  it('decline: → FAILED with the reason', () => {
    const s = sessions.decline(create().session_id, 'insufficient funds');
    expect([s.status, s.failure_reason]).toEqual(['FAILED', 'insufficient funds']);
    expect(trail(s).at(-1)).toBe('FAILED:terminal.decline');
    expect(sessions.decline(create({ device_id: 'device-pop-up-stand' }).session_id).failure_reason).toBe(
      'card declined',
    );
  });

  it('wrong PIN: stays ACTIVE counting attempts, FAILED on the third', () => {
    const id = create().session_id;
    expect([sessions.wrongPin(id).status, sessions.get(id).pin_attempts]).toEqual(['ACTIVE', 1]);
    expect(sessions.wrongPin(id).pin_attempts).toBe(2);
    const s = sessions.wrongPin(id);
    expect([s.status, s.pin_attempts, s.failure_reason]).toEqual(['FAILED', 3, 'wrong PIN entered 3 times']);
    expect(trail(s)).toEqual([
      'CREATED:api.create',
      'ACTIVE:terminal.wrong_pin',
      'FAILED:terminal.wrong_pin',
    ]);
  });

  it('wrong PIN then tap card still approves', () => {
    const id = create().session_id;
    sessions.wrongPin(id);
    expect(sessions.tapCard(id).status).toBe('FINALIZED');
  });

  it('walk away: → CANCELLED (no payment was attempted)', () => {
    const s = sessions.walkAway(create().session_id);
    expect(s.status).toBe('CANCELLED');
    expect(trail(s).at(-1)).toBe('CANCELLED:terminal.walk_away');
  });

  it('api cancel from CREATED and from ACTIVE', () => {
    expect(trail(sessions.cancel(create().session_id))).toEqual([
      'CREATED:api.create',
      'CANCELLED:api.cancel',
    ]);
    const id = create().session_id;
    sessions.wrongPin(id);
    expect(sessions.cancel(id).status).toBe('CANCELLED');
  });

  it.each([
    ['FINALIZED', (id: string) => sessions.tapCard(id)],
    ['FAILED', (id: string) => sessions.decline(id)],
    ['CANCELLED', (id: string) => sessions.cancel(id)],
    ['EXPIRED', (id: string) => (env.clock.advance(DEFAULT_IPP_SESSION_TIMEOUT_MS), sessions.get(id))],
  ])('a %s session never changes again: every action and cancel refused 409', (status, finish) => {
    const id = create().session_id;
    expect(finish(id).status).toBe(status);
    const before = sessions.get(id);
    for (const act of [
      () => sessions.tapCard(id),
      () => sessions.decline(id),
      () => sessions.wrongPin(id),
      () => sessions.walkAway(id),
      () => sessions.cancel(id),
    ]) {
      expect(act).toThrow(expect.objectContaining({ kind: 'conflict', code: 'SESSION_NOT_OPEN' }));
    }
    env.clock.advance(DEFAULT_IPP_SESSION_TIMEOUT_MS * 2);
    expect(sessions.get(id)).toEqual(before);
  });

  it('refuses an unknown session with SESSION_NOT_FOUND', () => {
    expect(() => sessions.tapCard('nope')).toThrow(expect.objectContaining({ code: 'SESSION_NOT_FOUND' }));
    expect(sessions.find('nope')).toBeUndefined();
  });
});

describe('devices and sessions', () => {
  it('refuses a second open session on the same device, then accepts one once the first ended', () => {
    const first = create();
    expect(() => create()).toThrow(expect.objectContaining({ kind: 'conflict', code: 'DEVICE_BUSY' }));
    expect(create({ device_id: 'device-pop-up-stand' }).status).toBe('CREATED');
    sessions.tapCard(first.session_id);
    expect(create().status).toBe('CREATED');
  });

  it('refuses an unknown device naming device_id', () => {
    expect(() => create({ device_id: 'nope' })).toThrow(
      expect.objectContaining({
        code: 'VALIDATION_FAILED',
        problems: [expect.objectContaining({ path: 'device_id' })],
      }),
    );
  });

  it('refuses to deregister a device with an open session, allows it after', () => {
    const s = create();
    expect(() => env.core.ipp.devices.remove(DEVICE)).toThrow(
      expect.objectContaining({ code: 'DEVICE_BUSY' }),
    );
    sessions.cancel(s.session_id);
    env.core.ipp.devices.remove(DEVICE);
    expect(() => env.core.ipp.devices.get(DEVICE)).toThrow(
      expect.objectContaining({ code: 'DEVICE_NOT_FOUND' }),
    );
    expect(sessions.get(s.session_id).device_id).toBe(DEVICE);
  });
});

describe('expiry on the simulator clock', () => {
  it('an open session read after its expiry time is EXPIRED, recorded at the expiry time', () => {
    const id = create().session_id;
    env.clock.advance(DEFAULT_IPP_SESSION_TIMEOUT_MS - 1);
    expect(sessions.get(id).status).toBe('CREATED');
    env.clock.advance(60_000);
    const s = sessions.get(id);
    expect(s.status).toBe('EXPIRED');
    expect(s.history.at(-1)).toEqual({
      status: 'EXPIRED',
      at: '2026-01-01T00:05:00.000Z',
      cause: 'clock.expiry',
      detail: 'not completed before its expiry time',
    });
    expect(s.updated_at).toBe('2026-01-01T00:05:00.000Z');
  });

  it('an ACTIVE session expires too, and a terminal action after expiry is refused', () => {
    const id = create().session_id;
    sessions.wrongPin(id);
    env.clock.advance(DEFAULT_IPP_SESSION_TIMEOUT_MS);
    expect(() => sessions.tapCard(id)).toThrow(expect.objectContaining({ code: 'SESSION_NOT_OPEN' }));
    expect(trail(sessions.get(id))).toEqual([
      'CREATED:api.create',
      'ACTIVE:terminal.wrong_pin',
      'EXPIRED:clock.expiry',
    ]);
  });

  it('sweepExpired(now) expires exactly the due open sessions, soonest first, and frees their devices', () => {
    const a = create();
    env.clock.advance(60_000);
    const b = create({ device_id: 'device-pop-up-stand' });
    const done = sessions.tapCard(b.session_id);
    expect(done.status).toBe('FINALIZED');
    const c = create({ device_id: 'device-pop-up-stand' });
    expect(sessions.sweepExpired(Date.parse(a.expires_at) - 1)).toEqual([]);
    const swept = sessions.sweepExpired(Date.parse(c.expires_at));
    expect(swept.map((s) => s.session_id)).toEqual([a.session_id, c.session_id]);
    expect(sessions.get(b.session_id).status).toBe('FINALIZED');
    expect(create().status).toBe('CREATED');
  });

  it('a creation on a device whose session has expired succeeds: expiry frees the device', () => {
    const a = create();
    env.clock.advance(DEFAULT_IPP_SESSION_TIMEOUT_MS);
    expect(create().status).toBe('CREATED');
    expect(sessions.get(a.session_id).status).toBe('EXPIRED');
  });

  it('the timeout is a setting: validated, persisted, applied to new sessions', () => {
    expect(sessions.timeout.set(60_000)).toBe(60_000);
    expect(create().expires_at).toBe('2026-01-01T00:01:00.000Z');
    expect(() => sessions.timeout.set(5)).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED' }));
    const db = env.core.ipp.sessions['db'];
    const again = new IppSessions(db, env.clock, new EventBus(), {
      log: silentLogger,
      timeout: new SessionTimeout(db, env.clock),
    });
    expect(again.timeout.get()).toBe(60_000);
  });
});

describe('events and the order management seam', () => {
  it('emits ipp.session.updated on every change, creation and expiry included', () => {
    const seen: string[] = [];
    env.core.events.on('ipp.session.updated', (s) => seen.push(`${s.status}/${s.pin_attempts}`));
    const id = create().session_id;
    sessions.wrongPin(id);
    sessions.tapCard(id);
    create();
    env.clock.advance(DEFAULT_IPP_SESSION_TIMEOUT_MS);
    sessions.sweepExpired();
    expect(seen).toEqual(['CREATED/0', 'ACTIVE/1', 'FINALIZED/1', 'CREATED/0', 'EXPIRED/0']);
  });

  it('calls onFinalized once per finalized session, and a failing hook does not fail the tap', () => {
    const finalized: string[] = [];
    const db = env.core.ipp.sessions['db'];
    const hooked = new IppSessions(db, env.clock, new EventBus(), {
      log: silentLogger,
      timeout: new SessionTimeout(db, env.clock),
      onFinalized: (s) => {
        finalized.push(s.session_id);
        throw new Error('order management down');
      },
    });
    const s = hooked.create(sampleSession(DEVICE));
    expect(hooked.tapCard(s.session_id).status).toBe('FINALIZED');
    hooked.decline(hooked.create(sampleSession(DEVICE)).session_id);
    expect(finalized).toEqual([s.session_id]);
  });
});

describe('the session timeout setting', () => {
  it('is changed through the simulator settings and applies to sessions created after', async () => {
    const { tempCore } = await import('../../test-kit/temp-core');
    const env = tempCore();
    try {
      expect(env.core.settings.get().ipp_session_timeout_ms).toBe(300_000);
      env.core.settings.update({ ipp_session_timeout_ms: 60_000 });
      expect(env.core.ipp.sessions.timeout.get()).toBe(60_000);
      expect(() => env.core.settings.update({ ipp_session_timeout_ms: 10 })).toThrow(
        /ipp_session_timeout_ms/,
      );
    } finally {
      await env.dispose();
    }
  });
});
