import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { afterPurchaseEnv } from '../../test-kit/after-purchase-env';

// What order management reads back: the checkout's merchant fields, captures and refunds with the
// reference's fields, and the log of every call under its order id. Over a real loopback socket.
let env: Awaited<ReturnType<typeof afterPurchaseEnv>>;
let O = '';
beforeEach(async () => {
  env = await afterPurchaseEnv([], {
    merchant_reference1: 'R-1',
    merchant_data: '{"cart":"c-1"}',
    customer: { date_of_birth: '1980-07-14', type: 'person' },
  });
  O = `/ordermanagement/v1/orders/${env.id}`;
});
afterEach(() => env.close());

const order = async () => (await env.api('GET', O)).body;
const capture = async (amount: number, extra: Record<string, unknown> = {}) =>
  (await env.api('POST', `${O}/captures`, { captured_amount: amount, ...extra })).headers.get('capture-id')!;

describe('the order read after the purchase', () => {
  it('gives back merchant_data and the references as the checkout last had them, and the customer', async () => {
    const update = await env.api('POST', `/checkout/v3/orders/${env.id}`, {
      merchant_data: '{"cart":"c-2"}',
      merchant_reference2: 'ERP-9',
    });
    expect(update.status).toBe(200);
    await env.complete();
    expect(await order()).toMatchObject({
      merchant_reference1: 'R-1',
      merchant_reference2: 'ERP-9',
      merchant_data: '{"cart":"c-2"}',
      customer: { date_of_birth: '1980-07-14' },
      shipping_info: [],
      initial_payment_method: { type: 'INVOICE' },
    });
    expect((await order()).klarna_reference).toMatch(/^[A-Z2-9]{7}$/);
  });

  it('answers captures with the reference’s fields; refunds count against the oldest capture first', async () => {
    await env.complete();
    const ref = (await order()).klarna_reference as string;
    const first = await capture(20000, { description: 'parcel 1', reference: 'INV-1' });
    const second = await capture(30000, {
      shipping_info: [{ shipping_company: 'DHL', tracking_number: 'D1' }],
    });
    const refund = await env.api('POST', `${O}/refunds`, { refunded_amount: 25000, reference: 'CN-1' });
    const captures = (await env.api('GET', `${O}/captures`)).body;
    expect(captures.map((c: Record<string, unknown>) => Object.keys(c).sort())[0]).toEqual(
      [
        'capture_id',
        'klarna_reference',
        'captured_amount',
        'captured_at',
        'description',
        'reference',
        'order_lines',
        'refunded_amount',
        'billing_address',
        'shipping_address',
        'shipping_info',
      ].sort(),
    );
    expect(captures).toMatchObject([
      { capture_id: first, klarna_reference: `${ref}-1`, captured_amount: 20000, refunded_amount: 20000 },
      {
        capture_id: second,
        klarna_reference: `${ref}-2`,
        refunded_amount: 5000,
        shipping_info: [{ shipping_company: 'DHL', tracking_number: 'D1' }],
      },
    ]);
    const id = refund.headers.get('refund-id')!;
    expect((await env.api('GET', `${O}/refunds/${id}`)).body).toEqual({
      refund_id: id,
      refunded_amount: 25000,
      refunded_at: '2026-01-01T00:00:00.000Z',
      reference: 'CN-1',
      order_lines: [],
    });
    const none = await env.api('GET', `${O}/refunds/nope`);
    expect([none.status, none.body.error_code]).toEqual([404, 'NOT_FOUND']);
  });

  it('refuses a capture once the authorization time is over, even on a part-captured order', async () => {
    await env.complete();
    await env.api('POST', `${O}/acknowledge`);
    await capture(1000);
    await env.core.clockControl.advance({ seconds: 28 * 24 * 3600 });
    expect((await order()).status).toBe('PART_CAPTURED');
    const r = await env.api('POST', `${O}/captures`, { captured_amount: 1000 });
    expect([r.status, r.body.error_code, r.body.error_messages[0]]).toEqual([
      403,
      'CAPTURE_NOT_ALLOWED',
      `order ${env.id} cannot be captured: its authorization expired at 2026-01-29T00:00:00.000Z (extend it before then)`,
    ]);
  });

  it('refuses new merchant references on a cancelled order (403 NOT_ALLOWED)', async () => {
    await env.complete();
    await env.api('POST', `${O}/cancel`);
    const r = await env.api('PATCH', `${O}/merchant-references`, { merchant_reference1: 'x' });
    expect([r.status, r.body.error_code, r.body.error_messages[0]]).toEqual([
      403,
      'NOT_ALLOWED',
      `order ${env.id} is CANCELLED: its references cannot change`,
    ]);
  });

  it('logs every call under its order id, with the route’s kind, and keeps a history of the changes', async () => {
    await env.complete();
    const id = await capture(20000);
    const calls: [string, string, unknown?][] = [
      ['PATCH', '/authorization', { order_amount: 45000 }],
      ['POST', '/extend-authorization-time'],
      ['PATCH', '/customer-details', { shipping_address: { phone: '+4670' } }],
      ['POST', '/shipping-info', { shipping_info: [{ tracking_number: 'T1' }] }],
      ['POST', `/captures/${id}/shipping-info`, { shipping_info: [{ tracking_number: 'T2' }] }],
      ['POST', `/captures/${id}/trigger-send-out`],
      ['GET', `/captures/${id}/extend-due-date-options`],
      ['PATCH', `/captures/${id}/extend-due-date`, { number_of_days: 7 }],
      ['POST', '/release-remaining-authorization'],
    ];
    for (const [method, path, body] of calls) {
      const r = await env.api(method, `${O}${path}`, body);
      expect(r.status, `${method} ${path}: ${JSON.stringify(r.body)}`).toBe(method === 'GET' ? 200 : 204);
    }
    const log = await env.core.exchanges.list({ orderId: env.id, ascending: true });
    expect(log.filter((e) => e.kind.startsWith('ordermanagement.')).map((e) => e.kind)).toEqual([
      'ordermanagement.capture',
      'ordermanagement.authorization',
      'ordermanagement.extend_authorization',
      'ordermanagement.customer_details',
      'ordermanagement.shipping_info',
      'ordermanagement.capture.shipping_info',
      'ordermanagement.capture.send_out',
      'ordermanagement.capture.due_date_options',
      'ordermanagement.capture.extend_due_date',
      'ordermanagement.release_authorization',
    ]);
    expect(env.core.om.view(env.id)!.history.map((h) => h.action)).toEqual([
      'captured',
      'authorization_updated',
      'authorization_extended',
      'customer_details',
      'shipping_info',
      'capture_shipping_info',
      'send_out',
      'due_date_extended',
      'authorization_released',
    ]);
    expect(await order()).toMatchObject({ status: 'CAPTURED', order_amount: 45000, captured_amount: 20000 });
  });
});
