import { afterEach, describe, expect, it } from 'vitest';
import { afterPurchaseEnv } from '../../test-kit/after-purchase-env';

let env: Awaited<ReturnType<typeof afterPurchaseEnv>>;
afterEach(() => env?.close());

const resolve = (fraud: unknown, id = env.id) =>
  env.api('POST', `/test_helpers/orders/${id}/fraud_status`, { fraud_status: fraud });

describe('resolving a pending fraud review (over a socket)', () => {
  it('ACCEPTED: order management follows, notification is POSTed, goods may be captured', async () => {
    env = await afterPurchaseEnv(['notification']);
    await env.complete({ fraud_status: 'PENDING' });
    expect(env.core.om.get(env.id).fraud_status).toBe('PENDING');
    const r = await resolve('ACCEPTED');
    expect(r.status).toBe(200);
    expect(r.body.order.order).toMatchObject({ fraud_status: 'ACCEPTED', status: 'AUTHORIZED' });
    expect(r.body.notification).toMatchObject({
      event_type: 'FRAUD_RISK_ACCEPTED',
      sent: true,
      status: 200,
      outcome: 'delivered',
    });
    expect(r.body.message).toContain('notification FRAUD_RISK_ACCEPTED was sent');
    const sent = env.stub.to(env.path('notification'));
    expect(sent.map((s) => s.json)).toEqual([{ order_id: env.id, event_type: 'FRAUD_RISK_ACCEPTED' }]);
    expect(sent[0]!.headers['content-type']).toBe('application/json');
    const cap = await env.api('POST', `/ordermanagement/v1/orders/${env.id}/captures`, {
      captured_amount: 100,
    });
    expect(cap.status).toBe(201);
    expect(env.core.timelines.timeline(env.id)!.notifications).toHaveLength(1);
  });

  it('REJECTED: the order is cancelled and FRAUD_RISK_REJECTED is sent', async () => {
    env = await afterPurchaseEnv(['notification']);
    await env.complete({ fraud_status: 'PENDING' });
    const r = await resolve('REJECTED');
    expect(r.body.order.order).toMatchObject({
      fraud_status: 'REJECTED',
      status: 'CANCELLED',
      remaining_authorized_amount: 0,
    });
    expect(env.stub.to(env.path('notification'))[0]!.json).toEqual({
      order_id: env.id,
      event_type: 'FRAUD_RISK_REJECTED',
    });
    const log = await env.core.exchanges.list({ orderId: env.id, ascending: true });
    expect(log.filter((e) => e.kind === 'notification').map((e) => [e.direction, e.status])).toEqual([
      ['out', 200],
    ]);
  });

  it('refuses to resolve an order that is not pending with 409, and bad input with 400', async () => {
    env = await afterPurchaseEnv(['notification']);
    await env.complete();
    const r = await resolve('REJECTED');
    expect([r.status, r.body.error_code]).toEqual([409, 'FRAUD_STATUS_NOT_PENDING']);
    expect(r.body.error_messages[0]).toContain(
      'has fraud_status ACCEPTED: only a PENDING order can be resolved',
    );
    const bad = await resolve('MAYBE');
    expect([bad.status, bad.body.error_messages[0]]).toEqual([400, expect.stringMatching(/^fraud_status: /)]);
    const unknown = await resolve('ACCEPTED', 'nope');
    expect([unknown.status, unknown.body.error_code]).toEqual([404, 'NO_SUCH_ORDER']);
    expect(env.stub.to(env.path('notification'))).toHaveLength(0);
  });

  it('sends nothing when no notification URL is registered (opt-in); the control op does the same', async () => {
    env = await afterPurchaseEnv();
    await env.complete({ fraud_status: 'PENDING' });
    const r = (await env.core.control.invoke('om.fraud.resolve', {
      orderId: env.id,
      fraud_status: 'ACCEPTED',
    })) as { notification: { sent: boolean; outcome: string }; message: string };
    expect(r.notification).toMatchObject({ sent: false, outcome: 'not_registered' });
    expect(r.message).toContain('no notification URL is registered');
    expect(env.stub.requests.filter((q) => q.path !== '/push')).toHaveLength(0);
  });

  it('a purchase completed as REJECTED enters order management cancelled', async () => {
    env = await afterPurchaseEnv();
    await env.complete({ fraud_status: 'REJECTED' });
    expect(env.core.om.get(env.id)).toMatchObject({ status: 'CANCELLED', fraud_status: 'REJECTED' });
  });
});
