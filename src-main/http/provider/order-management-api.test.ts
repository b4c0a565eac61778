import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { afterPurchaseEnv } from '../../test-kit/after-purchase-env';

// Every call goes over a real loopback socket to the provider API.
let env: Awaited<ReturnType<typeof afterPurchaseEnv>>;
let O = '';
beforeEach(async () => {
  env = await afterPurchaseEnv([], { merchant_reference1: 'R-1' });
  await env.complete();
  O = `/ordermanagement/v1/orders/${env.id}`;
});
afterEach(() => env.close());

const capture = (amount: unknown, extra: Record<string, unknown> = {}, headers?: Record<string, string>) =>
  env.api('POST', `${O}/captures`, { captured_amount: amount, ...extra }, headers);

describe('GET /ordermanagement/v1/orders/{order_id}', () => {
  it('answers the fields of GAPS.md for a completed order', async () => {
    const r = await env.api('GET', O);
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual(
      [
        'order_id',
        'klarna_reference',
        'status',
        'fraud_status',
        'order_amount',
        'original_order_amount',
        'captured_amount',
        'refunded_amount',
        'remaining_authorized_amount',
        'purchase_currency',
        'purchase_country',
        'locale',
        'order_lines',
        'merchant_reference1',
        'customer',
        'billing_address',
        'shipping_address',
        'shipping_info',
        'created_at',
        'expires_at',
        'captures',
        'refunds',
        'initial_payment_method',
      ].sort(),
    );
    expect(r.body).toMatchObject({
      order_id: env.id,
      status: 'AUTHORIZED',
      fraud_status: 'ACCEPTED',
      order_amount: 50000,
      original_order_amount: 50000,
      captured_amount: 0,
      refunded_amount: 0,
      remaining_authorized_amount: 50000,
      purchase_currency: 'SEK',
      merchant_reference1: 'R-1',
      created_at: '2026-01-01T00:00:00.000Z',
      expires_at: '2026-01-29T00:00:00.000Z',
      captures: [],
      refunds: [],
    });
  });

  it('answers 404 NO_SUCH_ORDER for an unknown order and 401 without credentials', async () => {
    const r = await env.api('GET', '/ordermanagement/v1/orders/nope');
    expect([r.status, r.body.error_code]).toEqual([404, 'NO_SUCH_ORDER']);
    expect(typeof r.body.correlation_id).toBe('string');
    const ack = await env.api('POST', '/ordermanagement/v1/orders/nope/acknowledge');
    expect([ack.status, ack.body.error_code]).toEqual([404, 'NO_SUCH_ORDER']);
    const anon = await env.api('GET', O, undefined, { authorization: 'Basic bm9wZTpub3Bl' });
    expect([anon.status, anon.body.error_code]).toEqual([401, 'UNAUTHORIZED']);
  });

  it('records each call with the order id, in the same log as the callbacks', async () => {
    await env.api('GET', O);
    await env.api('POST', `${O}/acknowledge`);
    const log = await env.core.exchanges.list({ orderId: env.id, ascending: true });
    expect(log.filter((e) => e.kind.startsWith('ordermanagement.')).map((e) => [e.kind, e.status])).toEqual([
      ['ordermanagement.read', 200],
      ['ordermanagement.acknowledge', 204],
    ]);
  });
});

describe('acknowledge and merchant references', () => {
  it('acknowledges with 204, idempotently, and stops the push schedule', async () => {
    expect((await env.api('POST', `${O}/acknowledge`)).status).toBe(204);
    const first = env.core.om.view(env.id)!.acknowledged_at;
    env.clock.advance(1000);
    const again = await env.api('POST', `${O}/acknowledge`);
    expect([again.status, again.body]).toEqual([204, null]);
    expect(env.core.om.view(env.id)!.acknowledged_at).toBe(first);
    await env.drain();
    expect(env.stub.to('/push')).toHaveLength(0);
  });

  it('writes the references back with 204 and refuses bad values naming the field', async () => {
    const r = await env.api('PATCH', `${O}/merchant-references`, {
      merchant_reference1: 'ORDER-77',
      merchant_reference2: 'x',
    });
    expect(r.status).toBe(204);
    expect((await env.api('GET', O)).body).toMatchObject({
      merchant_reference1: 'ORDER-77',
      merchant_reference2: 'x',
    });
    const bad = await env.api('PATCH', `${O}/merchant-references`, { merchant_reference1: 7 });
    expect([bad.status, bad.body.error_code, bad.body.error_messages]).toEqual([
      400,
      'BAD_VALUE',
      ['merchant_reference1: must be of type string, got number'],
    ]);
    expect((await env.api('PATCH', `${O}/merchant-references`, {})).status).toBe(400);
  });
});

describe('captures', () => {
  it('captures part (201, Capture-Id, Location), then the rest: PART_CAPTURED then CAPTURED', async () => {
    const r = await capture(20000, { description: 'first parcel' });
    expect([r.status, r.body]).toEqual([201, null]);
    const id = r.headers.get('capture-id')!;
    expect(r.headers.get('location')).toBe(`${env.base}${O}/captures/${id}`);
    const got = await env.api('GET', `${O}/captures/${id}`);
    expect(got.body).toMatchObject({
      capture_id: id,
      captured_amount: 20000,
      description: 'first parcel',
      refunded_amount: 0,
    });
    expect((await env.api('GET', O)).body).toMatchObject({
      status: 'PART_CAPTURED',
      captured_amount: 20000,
      remaining_authorized_amount: 30000,
    });
    expect((await capture(30000)).status).toBe(201);
    const order = (await env.api('GET', O)).body;
    expect([order.status, order.captured_amount, order.remaining_authorized_amount]).toEqual([
      'CAPTURED',
      50000,
      0,
    ]);
    expect(order.captures).toHaveLength(2);
  });

  it('refuses a capture beyond the remaining authorized amount with 403 CAPTURE_NOT_ALLOWED', async () => {
    await capture(40000);
    const r = await capture(10001);
    expect([r.status, r.body.error_code]).toEqual([403, 'CAPTURE_NOT_ALLOWED']);
    expect(r.body.error_messages[0]).toContain('more than the remaining authorized amount 10000');
  });

  it('refuses bad amounts with 400 BAD_VALUE naming the field', async () => {
    for (const [amount, message] of [
      ['100', 'captured_amount: must be of type number, got string'],
      [0, 'captured_amount: must be a positive amount in minor units (at least 1)'],
      [1.5, 'captured_amount: must be an integer, got number'],
      [undefined, 'captured_amount: is required'],
    ] as const) {
      const r = await env.api(
        'POST',
        `${O}/captures`,
        amount === undefined ? {} : { captured_amount: amount },
      );
      expect([r.status, r.body.error_code, r.body.error_messages[0]]).toEqual([400, 'BAD_VALUE', message]);
    }
    const lines = await capture(100, {
      order_lines: [
        { name: 'x', quantity: 1, unit_price: 200, tax_rate: 0, total_amount: 200, total_tax_amount: 0 },
      ],
    });
    expect(lines.body.error_messages).toEqual([
      'captured_amount: must equal the sum of order_lines[].total_amount (200), got 100',
    ]);
  });

  it('refuses to capture an order whose fraud review is pending', async () => {
    const pending = await afterPurchaseEnv();
    try {
      await pending.complete({ fraud_status: 'PENDING' });
      const r = await pending.api('POST', `/ordermanagement/v1/orders/${pending.id}/captures`, {
        captured_amount: 1,
      });
      expect([r.status, r.body.error_code]).toEqual([403, 'CAPTURE_NOT_ALLOWED']);
      expect(r.body.error_messages[0]).toContain('fraud_status is PENDING');
    } finally {
      await pending.close();
    }
  });

  it('answers 404 NO_SUCH_CAPTURE for an unknown capture', async () => {
    const r = await env.api('GET', `${O}/captures/nope`);
    expect([r.status, r.body.error_code]).toEqual([404, 'NO_SUCH_CAPTURE']);
  });
});

describe('cancel and refunds', () => {
  it('cancels an uncaptured order with 204; then nothing can be captured', async () => {
    expect((await env.api('POST', `${O}/cancel`)).status).toBe(204);
    expect((await env.api('GET', O)).body).toMatchObject({
      status: 'CANCELLED',
      remaining_authorized_amount: 0,
    });
    // Cancelling again is refused (the reference: 403 for an order that is closed), unless the retry
    // repeats its Klarna-Idempotency-Key.
    const again = await env.api('POST', `${O}/cancel`);
    expect([again.status, again.body.error_code]).toEqual([403, 'CANCEL_NOT_ALLOWED']);
    expect(again.body.error_messages[0]).toMatch(/already CANCELLED/);
    expect((await capture(1)).body.error_code).toBe('CAPTURE_NOT_ALLOWED');
  });

  it('a cancel retried with its Klarna-Idempotency-Key gets the first 204 again', async () => {
    const key = { 'klarna-idempotency-key': 'cancel-1' };
    expect((await env.api('POST', `${O}/cancel`, undefined, key)).status).toBe(204);
    expect((await env.api('POST', `${O}/cancel`, undefined, key)).status).toBe(204);
  });

  it('answers the refund calls on an unknown order 404 NOT_FOUND, as the reference gives them', async () => {
    const post = await env.api('POST', '/ordermanagement/v1/orders/nope/refunds', { refunded_amount: 1 });
    expect([post.status, post.body.error_code]).toEqual([404, 'NOT_FOUND']);
    const get = await env.api('GET', '/ordermanagement/v1/orders/nope/refunds/r1');
    expect([get.status, get.body.error_code]).toEqual([404, 'NOT_FOUND']);
  });

  it('refuses to cancel once captured: 403 CANCEL_NOT_ALLOWED', async () => {
    await capture(1000);
    const r = await env.api('POST', `${O}/cancel`);
    expect([r.status, r.body.error_code]).toEqual([403, 'CANCEL_NOT_ALLOWED']);
  });

  it('refunds up to the captured amount (201, Refund-Id, Location), then 403 REFUND_NOT_ALLOWED', async () => {
    const before = await env.api('POST', `${O}/refunds`, { refunded_amount: 1 });
    expect([before.status, before.body.error_code]).toEqual([403, 'REFUND_NOT_ALLOWED']);
    await capture(30000);
    const r = await env.api('POST', `${O}/refunds`, { refunded_amount: 10000, description: 'returned' });
    expect(r.status).toBe(201);
    const id = r.headers.get('refund-id')!;
    expect(r.headers.get('location')).toBe(`${env.base}${O}/refunds/${id}`);
    expect((await env.api('GET', `${O}/refunds/${id}`)).body).toMatchObject({
      refund_id: id,
      refunded_amount: 10000,
    });
    const over = await env.api('POST', `${O}/refunds`, { refunded_amount: 20001 });
    expect([over.status, over.body.error_code]).toEqual([403, 'REFUND_NOT_ALLOWED']);
    expect((await env.api('GET', O)).body).toMatchObject({ status: 'PART_CAPTURED', refunded_amount: 10000 });
    const bad = await env.api('POST', `${O}/refunds`, { refunded_amount: -5 });
    expect(bad.body.error_messages[0]).toMatch(/^refunded_amount: /);
  });
});

describe('Klarna-Idempotency-Key', () => {
  it('returns the first answer to a repeated key and changes nothing', async () => {
    const key = { 'klarna-idempotency-key': 'k-1' };
    const a = await capture(10000, {}, key);
    const b = await capture(10000, {}, key);
    expect(b.status).toBe(201);
    expect(b.headers.get('capture-id')).toBe(a.headers.get('capture-id'));
    expect((await env.api('GET', O)).body.captured_amount).toBe(10000);
    const c = await capture(10000, {}, { 'klarna-idempotency-key': 'k-2' });
    expect(c.headers.get('capture-id')).not.toBe(a.headers.get('capture-id'));
    expect((await env.api('GET', O)).body.captured_amount).toBe(20000);
  });

  it('repeats a refusal too, even once the request would succeed', async () => {
    const key = { 'klarna-idempotency-key': 'refund-1' };
    const first = await env.api('POST', `${O}/refunds`, { refunded_amount: 100 }, key);
    await capture(1000);
    const again = await env.api('POST', `${O}/refunds`, { refunded_amount: 100 }, key);
    expect([again.status, again.body]).toEqual([403, first.body]);
    expect((await env.api('GET', O)).body.refunded_amount).toBe(0);
  });
});
