import { afterEach, describe, expect, it } from 'vitest';
import { isConsoleCall } from '@shared/rules/exchange-filter';
import { afterPurchaseEnv } from '../../test-kit/after-purchase-env';

// The console acting as the merchant (`merchant.request`): the provider API's own routes, recorded in the
// log as the console's calls.
let env: Awaited<ReturnType<typeof afterPurchaseEnv>> | undefined;
afterEach(async () => {
  await env?.close();
  env = undefined;
});

describe('merchant.request', () => {
  it('acknowledges through the order management route: push stops, the log says the console did it', async () => {
    env = await afterPurchaseEnv(['push']);
    await env.complete();
    const ack = await env.control.invoke('merchant.request', {
      method: 'POST',
      path: `/ordermanagement/v1/orders/${env.id}/acknowledge`,
    });
    expect(ack).toEqual({ status: 204, headers: {}, body: null });
    const timeline = await env.core.control.invoke('push.timeline', { orderId: env.id });
    expect((timeline as { acknowledged_at: string | null }).acknowledged_at).not.toBeNull();

    const [call] = await env.core.exchanges.list({ orderId: env.id, limit: 1 });
    expect(call).toMatchObject({ direction: 'in', kind: 'ordermanagement.acknowledge', status: 204 });
    expect(isConsoleCall(call!)).toBe(true);
    // The merchant's password is masked in the log, as for any other caller.
    expect(call!.request.headers.authorization).toBe('Basic ****');
  });

  it('answers as the API does, refusals included, and parses the body', async () => {
    env = await afterPurchaseEnv();
    await env.complete();
    const capture = await env.control.invoke('merchant.request', {
      method: 'POST',
      path: `/ordermanagement/v1/orders/${env.id}/captures`,
      body: { captured_amount: 99_999_999 },
    });
    expect(capture).toMatchObject({ status: 403, body: { error_code: 'CAPTURE_NOT_ALLOWED' } });
    const read = (await env.control.invoke('merchant.request', {
      method: 'GET',
      path: `/ordermanagement/v1/orders/${env.id}`,
    })) as { status: number; body: { order_id: string } };
    expect(read.status).toBe(200);
    expect(read.body.order_id).toBe(env.id);
  });

  it('refuses paths outside the merchant-facing APIs', async () => {
    env = await afterPurchaseEnv();
    await expect(
      env.control.invoke('merchant.request', { method: 'DELETE', path: '/test_helpers/exchanges' }),
    ).rejects.toMatchObject({ code: 'BAD_INPUT' });
  });
});
