import { type Session, type SessionHistoryEntry } from '@shared/schemas/ipp.schema';
import { describe, expect, it } from 'vitest';
import {
  deriveScreen,
  describeResult,
  historyWords,
  latestByDevice,
  newerSession,
  paymentPrompt,
} from './terminal-screen';

const T0 = '2025-01-01T10:00:00.000Z';
const T1 = '2025-01-01T10:00:01.000Z';
const T2 = '2025-01-01T10:00:02.000Z';

const created: SessionHistoryEntry = { status: 'CREATED', at: T0, cause: 'api.create' };

const session = (over: Partial<Session> = {}): Session => ({
  session_id: 's1',
  device_id: 'd1',
  status: 'CREATED',
  order_amount: 50000,
  order_tax_amount: 10000,
  purchase_currency: 'SEK',
  order_items: [],
  pin_attempts: 0,
  created_at: T0,
  updated_at: T0,
  expires_at: '2025-01-01T10:05:00.000Z',
  history: [created],
  ...over,
});

const finished = (
  status: Session['status'],
  cause: SessionHistoryEntry['cause'],
  extra: Partial<Session> = {},
  detail?: string,
): Session =>
  session({
    status,
    updated_at: T1,
    history: [created, { status, at: T1, cause, ...(detail ? { detail } : {}) }],
    ...extra,
  });

describe('deriveScreen', () => {
  it('is idle without any session', () => {
    expect(deriveScreen({ openSession: null, latest: undefined })).toEqual({ kind: 'idle' });
  });

  it('shows an open session with every PIN attempt left', () => {
    const s = session();
    expect(deriveScreen({ openSession: s, latest: undefined })).toEqual({
      kind: 'payment',
      session: s,
      pinAttemptsLeft: 3,
    });
  });

  it('counts the PIN attempts left', () => {
    const s = session({ status: 'ACTIVE', pin_attempts: 2, updated_at: T1 });
    const screen = deriveScreen({ openSession: s, latest: s });
    expect(screen).toMatchObject({ kind: 'payment', pinAttemptsLeft: 1 });
  });

  it('shows "processing" while an action is on its way', () => {
    const s = session();
    expect(deriveScreen({ openSession: s, latest: s, pendingAction: 'tap_card' })).toMatchObject({
      kind: 'processing',
      action: 'tap_card',
    });
  });

  it('shows a finished session’s result even when the devices list still calls it open', () => {
    const done = finished('FINALIZED', 'terminal.tap_card');
    const screen = deriveScreen({ openSession: session(), latest: done, pendingAction: 'tap_card' });
    expect(screen).toMatchObject({ kind: 'result', result: 'approved', title: 'Approved' });
  });

  it('shows the failure reason of a declined card and of a third wrong PIN', () => {
    const declined = finished('FAILED', 'terminal.decline', { failure_reason: 'card declined' });
    expect(deriveScreen({ openSession: null, latest: declined })).toMatchObject({
      kind: 'result',
      result: 'declined',
      message: 'card declined',
    });
    const pin = finished('FAILED', 'terminal.wrong_pin', {
      pin_attempts: 3,
      failure_reason: 'wrong PIN entered 3 times',
    });
    expect(deriveScreen({ openSession: null, latest: pin })).toMatchObject({
      message: 'wrong PIN entered 3 times',
    });
  });

  it('clears the screen at once when the point of sale cancels', () => {
    const cancelled = finished('CANCELLED', 'api.cancel');
    expect(deriveScreen({ openSession: null, latest: cancelled })).toEqual({
      kind: 'idle',
      note: 'The last payment was cancelled by the point of sale.',
    });
  });

  it('keeps a walk-away or an expiry on screen until cleared', () => {
    const walked = finished('CANCELLED', 'terminal.walk_away');
    expect(deriveScreen({ openSession: null, latest: walked })).toMatchObject({
      kind: 'result',
      result: 'cancelled',
      message: 'The customer walked away',
    });
    const expired = finished('EXPIRED', 'clock.expiry', {}, 'not completed before its expiry time');
    expect(deriveScreen({ openSession: null, latest: expired })).toMatchObject({
      result: 'expired',
      message: 'not completed before its expiry time',
    });
    expect(deriveScreen({ openSession: null, latest: expired, clearedSessionId: 's1' })).toEqual({
      kind: 'idle',
    });
  });

  it('shows the next session even when the previous one was cleared', () => {
    const next = session({ session_id: 's2', created_at: T2, updated_at: T2 });
    expect(deriveScreen({ openSession: next, latest: undefined, clearedSessionId: 's1' })).toMatchObject({
      kind: 'payment',
      session: { session_id: 's2' },
    });
  });
});

describe('newerSession', () => {
  it('prefers a newer session, then a finished read, then the later change', () => {
    const old = session();
    const young = session({ session_id: 's2', created_at: T1 });
    expect(newerSession(old, young)).toBe(young);
    const done = finished('FINALIZED', 'terminal.tap_card', { updated_at: T0 });
    expect(newerSession(session({ updated_at: T2 }), done)).toBe(done);
    const pin1 = session({ status: 'ACTIVE', pin_attempts: 1, updated_at: T1 });
    const pin2 = session({ status: 'ACTIVE', pin_attempts: 2, updated_at: T2 });
    expect(newerSession(pin2, pin1)).toBe(pin2);
    expect(newerSession(undefined, pin1)).toBe(pin1);
  });
});

describe('latestByDevice', () => {
  it('keeps the newest session of each device', () => {
    const a = session({ session_id: 'a', created_at: T0 });
    const b = session({ session_id: 'b', created_at: T2 });
    const c = session({ session_id: 'c', device_id: 'd2', created_at: T1 });
    const map = latestByDevice([a, c, b]);
    expect(map.get('d1')?.session_id).toBe('b');
    expect(map.get('d2')?.session_id).toBe('c');
  });
});

describe('prompts', () => {
  it('asks for the card, then says how many PIN attempts are left', () => {
    expect(paymentPrompt(session())).toBe('Tap, insert or swipe card');
    expect(paymentPrompt(session({ pin_attempts: 1 }))).toBe('Wrong PIN. 2 attempts left');
    expect(paymentPrompt(session({ pin_attempts: 2 }))).toBe('Wrong PIN. 1 attempt left');
  });

  it('describes an approval', () => {
    expect(describeResult(finished('FINALIZED', 'terminal.tap_card')).result).toBe('approved');
  });
});

describe('historyWords', () => {
  it('adds the detail only when it says more than the cause', () => {
    expect(
      historyWords({ status: 'CANCELLED', at: T1, cause: 'api.cancel', detail: 'cancelled through the API' }),
    ).toBe('cancelled through the API');
    expect(
      historyWords({ status: 'ACTIVE', at: T1, cause: 'terminal.tap_card', detail: 'shown on the terminal' }),
    ).toBe('card tapped on the terminal · shown on the terminal');
    expect(historyWords(created)).toBe('created through the API');
  });
});
