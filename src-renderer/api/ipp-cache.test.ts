import { type DeviceView } from '@shared/contract/ipp-ops';
import { type Session } from '@shared/schemas/ipp.schema';
import { describe, expect, it } from 'vitest';
import { applySessionToDevices, upsertSession } from './ipp-cache';

const session = (id: string, over: Partial<Session> = {}): Session => ({
  session_id: id,
  device_id: 'd1',
  status: 'CREATED',
  order_amount: 100,
  order_tax_amount: 20,
  purchase_currency: 'SEK',
  order_items: [],
  pin_attempts: 0,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
  expires_at: '2025-01-01T00:05:00.000Z',
  history: [],
  ...over,
});

const device = (id: string, open: Session | null): DeviceView => ({
  id,
  name: id,
  platform: 'android',
  location_id: null,
  metadata: {},
  open_session: open,
});

describe('upsertSession', () => {
  it('adds a new session in front and replaces a known one in place', () => {
    const a = session('a');
    const b = session('b');
    expect(upsertSession([a], b).map((s) => s.session_id)).toEqual(['b', 'a']);
    const done = upsertSession([b, a], { ...a, status: 'FINALIZED' });
    expect(done.map((s) => [s.session_id, s.status])).toEqual([
      ['b', 'CREATED'],
      ['a', 'FINALIZED'],
    ]);
  });
});

describe('applySessionToDevices', () => {
  it('puts an open session on its device and takes a finished one off', () => {
    const s = session('a');
    const opened = applySessionToDevices([device('d1', null), device('d2', null)], s);
    expect(opened.map((d) => d.open_session?.session_id ?? null)).toEqual(['a', null]);
    const closed = applySessionToDevices(opened, { ...s, status: 'CANCELLED' });
    expect(closed[0]!.open_session).toBeNull();
  });

  it('leaves a device alone when an older session of it finishes', () => {
    const current = session('new');
    const devices = applySessionToDevices([device('d1', current)], { ...session('old'), status: 'EXPIRED' });
    expect(devices[0]!.open_session?.session_id).toBe('new');
  });
});
