import { afterEach, describe, expect, it } from 'vitest';
import { afterPurchaseEnv } from '../../test-kit/after-purchase-env';

let env: Awaited<ReturnType<typeof afterPurchaseEnv>>;
afterEach(() => env?.close());

const CALLBACKS = ['upsell', 'upsell_validation', 'upsell_notification'];
const LINE = {
  type: 'physical',
  reference: 'CASE-1',
  name: 'Carry case',
  quantity: 1,
  unit_price: 10000,
  tax_rate: 2500,
  total_amount: 10000,
  total_tax_amount: 2000,
};

async function enabledEnv() {
  env = await afterPurchaseEnv(CALLBACKS);
  env.core.settings.update({ upsell_enabled: true });
  await env.complete();
}
const fetchOffer = () => env.api('POST', `/test_helpers/checkout/orders/${env.id}/upsell`);
const accept = (lines: unknown[] = [LINE]) =>
  env.api('POST', `/test_helpers/checkout/orders/${env.id}/upsell/accept`, { upsell_order_lines: lines });
const upsellCalls = () => env.stub.requests.filter((r) => r.path.startsWith('/upsell'));

describe('upsell over a socket', () => {
  it('disabled (the default): every upsell call is refused with 403 and no callback is made', async () => {
    env = await afterPurchaseEnv(CALLBACKS);
    await env.complete();
    for (const r of [await fetchOffer(), await accept()]) {
      expect([r.status, r.body.error_code]).toEqual([403, 'UPSELL_DISABLED']);
      expect(r.body.error_messages[0]).toContain('upsell_enabled');
    }
    expect(upsellCalls()).toHaveLength(0);
    expect(env.core.settings.get().upsell_enabled).toBe(false);
  });

  it('fetches recommendations in the step shape', async () => {
    await enabledEnv();
    env.stub.on(env.path('upsell'), { body: { upsell_order_lines: [LINE] } });
    const r = await fetchOffer();
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ outcome: 'applied', upsell_order_lines: [LINE], redirect_url: null });
    expect(r.body.exchange_ids).toHaveLength(1);
    expect(r.body.message).toContain('recommended 1 line');
    const sent = env.stub.to(env.path('upsell'))[0]!.json as { order_id: string; order_lines: unknown[] };
    expect([sent.order_id, sent.order_lines.length]).toEqual([env.id, 1]);
  });

  it('fails the fetch on an answer that is not 200 with reconciling lines', async () => {
    await enabledEnv();
    env.stub.on(env.path('upsell'), { body: { upsell_order_lines: [{ ...LINE, total_amount: 9999 }] } });
    const r = await fetchOffer();
    expect(r.body.outcome).toBe('failed');
    expect(r.body.message).toContain('upsell_order_lines[0].total_amount');
  });

  it('allowed: validation 200 {} adds the lines, order management follows, then upsell_notification', async () => {
    await enabledEnv();
    const r = await accept();
    expect(r.status).toBe(200);
    expect(r.body.outcome).toBe('applied');
    expect(r.body.exchange_ids).toHaveLength(2);
    expect(r.body.order).toMatchObject({ order_amount: 60000, order_tax_amount: 12000 });
    expect(r.body.changes.map((c: { field: string }) => c.field)).toEqual(
      expect.arrayContaining(['order_amount', 'order_lines']),
    );
    const om = (await env.api('GET', `/ordermanagement/v1/orders/${env.id}`)).body;
    expect(om).toMatchObject({
      order_amount: 60000,
      remaining_authorized_amount: 60000,
      original_order_amount: 50000,
    });
    expect(om.order_lines).toHaveLength(2);
    expect(upsellCalls().map((q) => q.path)).toEqual([
      env.path('upsell_validation'),
      env.path('upsell_notification'),
    ]);
    expect(env.stub.to(env.path('upsell_notification'))[0]!.json).toEqual({
      order_id: env.id,
      upsell_order_lines: [LINE],
    });
  });

  it("denied: validation's 4xx error is shown and nothing is added", async () => {
    await enabledEnv();
    env.stub.on(env.path('upsell_validation'), { status: 409, body: { error: 'Out of stock' } });
    const r = await accept();
    expect(r.body).toMatchObject({
      outcome: 'denied',
      error_type: 'upsell_denied',
      error_text: 'Out of stock',
    });
    expect(r.body.message).toContain('the customer sees “Out of stock”');
    expect(env.core.om.get(env.id).order_amount).toBe(50000);
    expect(env.stub.to(env.path('upsell_notification'))).toHaveLength(0);
  });

  it('refuses lines that do not reconcile (400), and an order already captured (403)', async () => {
    await enabledEnv();
    const bad = await accept([{ ...LINE, total_tax_amount: 1 }]);
    expect([bad.status, bad.body.error_code, bad.body.error_messages[0]]).toEqual([
      400,
      'BAD_VALUE',
      expect.stringMatching(/^upsell_order_lines\[0\]\.total_tax_amount: /),
    ]);
    await env.api('POST', `/ordermanagement/v1/orders/${env.id}/captures`, { captured_amount: 100 });
    const late = await accept();
    expect([late.status, late.body.error_code]).toEqual([403, 'UPSELL_NOT_ALLOWED']);
    expect(upsellCalls()).toHaveLength(0);
  });

  it('offers upsell only after completion (409) and records the steps in the session history', async () => {
    env = await afterPurchaseEnv(CALLBACKS);
    env.core.settings.update({ upsell_enabled: true });
    const early = await fetchOffer();
    expect([early.status, early.body.error_code]).toEqual([409, 'STEP_OUT_OF_ORDER']);
    await env.complete();
    await fetchOffer();
    await accept();
    const steps = env.core.orders.load(env.id)!.state.history.map((h) => h.step);
    expect(steps.slice(-2)).toEqual(['upsell', 'upsell_accept']);
  });
});
