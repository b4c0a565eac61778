import { afterEach, describe, expect, it } from 'vitest';
import { sampleSession } from '../../test-kit/ipp-elements-kit';
import { tempCore } from '../../test-kit/temp-core';

let env: ReturnType<typeof tempCore>;
afterEach(() => env.dispose());

describe('in-person sessions on the simulator clock', () => {
  it('a finalized session becomes an order management order (no push: nothing to push to)', () => {
    env = tempCore();
    const s = env.core.ipp.sessions.create(sampleSession('device-counter-1'));
    env.core.ipp.sessions.tapCard(s.session_id);
    const view = env.core.om.view(s.session_id)!;
    expect(view.source).toBe('ipp');
    expect(view.order).toMatchObject({
      order_id: s.session_id,
      status: 'AUTHORIZED',
      fraud_status: 'ACCEPTED',
      order_amount: 11200,
      merchant_reference1: 'POS-0001',
      initial_payment_method: { type: 'CARD' },
    });
    expect(env.core.timelines.timeline(s.session_id)).toMatchObject({ planned: [], first_attempt_at: null });
    expect(env.core.timelines.overview()).toEqual([]);
  });

  it('keeps the session’s merchant_data; a card-present capture has no due date to extend', () => {
    env = tempCore();
    const s = env.core.ipp.sessions.create(sampleSession('device-counter-1', { merchant_data: 'till 4' }));
    env.core.ipp.sessions.tapCard(s.session_id);
    expect(env.core.om.get(s.session_id)).toMatchObject({ merchant_data: 'till 4', customer: {} });
    const c = env.core.om.capture(s.session_id, { captured_amount: 11200 });
    expect(env.core.om.view(s.session_id)!.capture_states[c.capture_id]!.due_at).toBeNull();
    expect(env.core.omChanges.dueDateOptions(s.session_id, c.capture_id)).toEqual({
      currency: 'SEK',
      options: [],
    });
    expect(() => env.core.omChanges.extendDueDate(s.session_id, c.capture_id, { number_of_days: 7 })).toThrow(
      'the order was not paid with a pay-later method, so the capture has no due date',
    );
  });

  it('expires an open session when the clock reaches its expiry, as a fired timer', async () => {
    env = tempCore();
    const s = env.core.ipp.sessions.create(sampleSession('device-counter-1'));
    const updates: string[] = [];
    env.core.events.on('ipp.session.updated', (u) => updates.push(u.status));
    const r = await env.core.clockControl.advance({ until: 'next_event' });
    expect(r.fired).toEqual([
      { kind: 'ipp.session.expiry', order_id: null, subject: s.session_id, at: s.expires_at },
    ]);
    expect(updates).toEqual(['EXPIRED']);
    expect(env.core.ipp.sessions.get(s.session_id).status).toBe('EXPIRED');
  });
});

describe('authorization expiry', () => {
  it('an order nobody captured expires 28 days after the purchase', async () => {
    env = tempCore();
    const s = env.core.ipp.sessions.create(sampleSession('device-counter-1'));
    env.core.ipp.sessions.tapCard(s.session_id);
    await env.core.clockControl.advance({ seconds: 27 * 24 * 3600 });
    expect(env.core.om.get(s.session_id).status).toBe('AUTHORIZED');
    const r = await env.core.clockControl.advance({ seconds: 2 * 24 * 3600 });
    expect(r.fired.map((f) => f.kind)).toEqual(['om.order.expiry']);
    expect(env.core.om.get(s.session_id)).toMatchObject({
      status: 'EXPIRED',
      remaining_authorized_amount: 0,
    });
  });
});
