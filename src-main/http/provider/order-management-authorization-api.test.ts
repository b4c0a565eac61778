import { describe, expect, it } from 'vitest';
import { afterPurchaseEnv, completedOrderPerTest } from '../../test-kit/after-purchase-env';

// The authorization after the purchase (update, extend, release), over a real loopback socket.
const t = completedOrderPerTest();

const DAY = 24 * 3600 * 1000;
const NOPE = '/ordermanagement/v1/orders/nope';
const line = (name: string, amount: number) => ({
  name,
  quantity: 1,
  unit_price: amount,
  tax_rate: 2500,
  total_amount: amount,
  total_tax_amount: amount / 5,
});
const order = async () => (await t.env.api('GET', t.O)).body;
const capture = (amount: number) => t.env.api('POST', `${t.O}/captures`, { captured_amount: amount });
const authorize = (body: unknown, headers?: Record<string, string>) =>
  t.env.api('PATCH', `${t.O}/authorization`, body, headers);
const refused = (r: { status: number; body: { error_code: string; error_messages: string[] } }) => [
  r.status,
  r.body.error_code,
  r.body.error_messages[0],
];
/** Moves the simulator clock on by whole days, firing what comes due (the authorization's expiry too). */
const days = (n: number) => t.env.core.clockControl.advance({ seconds: (n * DAY) / 1000 });

describe('PATCH /ordermanagement/v1/orders/{order_id}/authorization', () => {
  it('sets a lower amount and new lines (204); original_order_amount stays', async () => {
    const lines = [line('Battery Power Pack', 25000), line('Cable', 5000)];
    const r = await authorize({ order_amount: 30000, order_lines: lines, description: 'one pack less' });
    expect([r.status, r.body]).toEqual([204, null]);
    expect(await order()).toMatchObject({
      status: 'AUTHORIZED',
      order_amount: 30000,
      original_order_amount: 50000,
      remaining_authorized_amount: 30000,
      order_lines: lines,
    });
    const log = await t.env.core.exchanges.list({ orderId: t.env.id, ascending: true });
    expect(log.find((e) => e.kind === 'ordermanagement.authorization')).toMatchObject({ status: 204 });
    expect(t.env.core.om.view(t.env.id)!.history.at(-1)).toMatchObject({
      action: 'authorization_updated',
      // In the order's locale (sv-SE), as the page around the history writes amounts (issue 34 point 4).
      detail: 'order_amount 500,00\u00a0kr → 300,00\u00a0kr, 2 order lines ("one pack less")',
    });
  });

  it('keeps the lines when none are given, and allows an increase up to original + 10 %', async () => {
    expect((await authorize({ order_amount: 55000 })).status).toBe(204);
    expect(await order()).toMatchObject({ order_amount: 55000, remaining_authorized_amount: 55000 });
    expect((await order()).order_lines).toHaveLength(1);
    expect(refused(await authorize({ order_amount: 55001 }))).toEqual([
      403,
      'NOT_ALLOWED',
      `the authorization of order ${t.env.id} cannot be updated: order_amount 55001 is an increase beyond 55000 (original_order_amount 50000 + 10 %): the risk assessment refuses it; place a new order for the rest`,
    ]);
    expect((await order()).order_amount).toBe(55000);
  });

  it('refuses an amount below the captured amount; the captured amount itself makes the order CAPTURED', async () => {
    await capture(20000);
    expect(refused(await authorize({ order_amount: 19999 }))).toEqual([
      403,
      'NOT_ALLOWED',
      `the authorization of order ${t.env.id} cannot be updated: order_amount 19999 is less than the captured amount 20000`,
    ]);
    expect((await authorize({ order_amount: 20000 })).status).toBe(204);
    expect(await order()).toMatchObject({ status: 'CAPTURED', remaining_authorized_amount: 0 });
  });

  it('refuses after a full capture, after a cancel, for 0 and while fraud review is pending', async () => {
    await capture(50000);
    expect(refused(await authorize({ order_amount: 50000 })).slice(0, 2)).toEqual([403, 'NOT_ALLOWED']);
    expect((await authorize({ order_amount: 50000 })).body.error_messages[0]).toContain(
      'it is CAPTURED (fully captured)',
    );
    const other = await afterPurchaseEnv();
    try {
      await other.complete();
      const P = `/ordermanagement/v1/orders/${other.id}`;
      expect(refused(await other.api('PATCH', `${P}/authorization`, { order_amount: 0 }))[2]).toContain(
        'order_amount 0 would leave nothing authorized and nothing captured: cancel the order instead',
      );
      await other.api('POST', `${P}/cancel`);
      const r = await other.api('PATCH', `${P}/authorization`, { order_amount: 100 });
      expect(refused(r)).toEqual([
        403,
        'NOT_ALLOWED',
        `the authorization of order ${other.id} cannot be updated: it is CANCELLED`,
      ]);
    } finally {
      await other.close();
    }
    const pending = await afterPurchaseEnv();
    try {
      await pending.complete({ fraud_status: 'PENDING' });
      const P = `/ordermanagement/v1/orders/${pending.id}`;
      const r = await pending.api('PATCH', `${P}/authorization`, { order_amount: 100 });
      expect(refused(r)[2]).toContain('its fraud_status is PENDING');
    } finally {
      await pending.close();
    }
  });

  it('checks the body with the checkout’s arithmetic: 400 BAD_VALUE naming the field', async () => {
    expect(refused(await authorize({}))).toEqual([400, 'BAD_VALUE', 'order_amount: is required']);
    expect(refused(await authorize({ order_amount: '1' }))[2]).toBe(
      'order_amount: must be of type number, got string',
    );
    const r = await authorize({ order_amount: 30000, order_lines: [line('A', 25000)] });
    expect(refused(r)).toEqual([
      400,
      'BAD_VALUE',
      'order_amount: must equal the sum of order_lines[].total_amount (25000), got 30000',
    ]);
    const bad = { ...line('A', 30000), quantity: 2 };
    expect((await authorize({ order_amount: 30000, order_lines: [bad] })).body.error_messages[0]).toBe(
      'order_lines[0].total_amount: must equal quantity × unit_price − total_discount_amount (2 × 30000 − 0 = 60000), got 30000',
    );
    expect((await order()).order_amount).toBe(50000);
  });

  it('answers 404 NO_SUCH_ORDER for an unknown order', async () => {
    const r = await t.env.api('PATCH', `${NOPE}/authorization`, { order_amount: 1 });
    expect([r.status, r.body.error_code]).toEqual([404, 'NO_SUCH_ORDER']);
  });

  it('answers a repeated Klarna-Idempotency-Key with the first answer and changes nothing', async () => {
    const key = { 'klarna-idempotency-key': 'auth-1' };
    expect((await authorize({ order_amount: 40000 }, key)).status).toBe(204);
    const again = await authorize({ order_amount: 30000 }, key);
    expect([again.status, again.body]).toEqual([204, null]);
    expect((await order()).order_amount).toBe(40000);
    const log = await t.env.core.exchanges.list({ orderId: t.env.id, ascending: true });
    expect(log.filter((e) => e.kind === 'ordermanagement.authorization').map((e) => e.outcome)).toEqual([
      'authorization_updated',
      'idempotent_replay',
    ]);
  });
});

describe('POST …/extend-authorization-time', () => {
  const extend = (headers?: Record<string, string>) =>
    t.env.api('POST', `${t.O}/extend-authorization-time`, undefined, headers);
  const expiryTimer = () => t.env.core.timers.forOrder(t.env.id).filter((t) => t.kind === 'om.order.expiry');

  it('moves expires_at to 28 days after the current order day and moves the expiry timer with it', async () => {
    await t.env.api('POST', `${t.O}/acknowledge`);
    await days(14.5);
    const r = await extend();
    expect([r.status, r.body]).toEqual([204, null]);
    // Day 14 of the order (created 2026-01-01T00:00Z) + 28 days.
    expect((await order()).expires_at).toBe('2026-02-12T00:00:00.000Z');
    expect(expiryTimer().map((t) => new Date(t.due_ms).toISOString())).toEqual(['2026-02-12T00:00:00.000Z']);
    // The first expiry (2026-01-29) passes: nothing expires.
    await days(20);
    expect((await order()).status).toBe('AUTHORIZED');
    await days(8);
    expect((await order()).status).toBe('EXPIRED');
    expect(refused(await extend())).toEqual([
      403,
      'NOT_ALLOWED',
      `the authorization time of order ${t.env.id} cannot be extended: it is EXPIRED`,
    ]);
    expect(t.env.core.om.view(t.env.id)!.history.map((h) => h.action)).toEqual([
      'acknowledged',
      'authorization_extended',
      'expired',
    ]);
  });

  it('gives the same expiry twice the same day, and stops at 180 days after the purchase', async () => {
    await t.env.api('POST', `${t.O}/acknowledge`);
    expect((await extend()).status).toBe(204);
    expect((await order()).expires_at).toBe('2026-01-29T00:00:00.000Z');
    for (let day = 0; day < 160; day += 20) {
      await days(20);
      expect((await extend()).status).toBe(204);
    }
    // Day 160 + 28 would be day 188: the maximum is day 180 (2026-06-30).
    expect((await order()).expires_at).toBe('2026-06-30T00:00:00.000Z');
    expect(refused(await extend())).toEqual([
      403,
      'NOT_ALLOWED',
      `the authorization time of order ${t.env.id} cannot be extended: expires_at 2026-06-30T00:00:00.000Z is the maximum already: 180 days after the purchase`,
    ]);
  });

  it('refuses a cancelled or fully captured order, and answers 404 for an unknown one', async () => {
    await capture(50000);
    expect(refused(await extend())[2]).toContain('it is CAPTURED (fully captured): no authorization is left');
    const other = await afterPurchaseEnv();
    try {
      await other.complete();
      const P = `/ordermanagement/v1/orders/${other.id}`;
      await other.api('POST', `${P}/cancel`);
      const r = await other.api('POST', `${P}/extend-authorization-time`);
      expect(refused(r)).toEqual([
        403,
        'NOT_ALLOWED',
        `the authorization time of order ${other.id} cannot be extended: it is CANCELLED`,
      ]);
    } finally {
      await other.close();
    }
    const r = await t.env.api('POST', `${NOPE}/extend-authorization-time`);
    expect([r.status, r.body.error_code]).toEqual([404, 'NO_SUCH_ORDER']);
  });

  it('repeats the first answer to a repeated key, even days later', async () => {
    await t.env.api('POST', `${t.O}/acknowledge`);
    const key = { 'klarna-idempotency-key': 'ext-1' };
    await days(3);
    expect((await extend(key)).status).toBe(204);
    expect((await order()).expires_at).toBe('2026-02-01T00:00:00.000Z');
    await days(5);
    expect((await extend(key)).status).toBe(204);
    expect((await order()).expires_at).toBe('2026-02-01T00:00:00.000Z');
  });
});

describe('POST …/release-remaining-authorization', () => {
  const release = (headers?: Record<string, string>) =>
    t.env.api('POST', `${t.O}/release-remaining-authorization`, undefined, headers);

  it('makes a part-captured order CAPTURED (204); nothing more can be captured', async () => {
    await capture(20000);
    const r = await release();
    expect([r.status, r.body]).toEqual([204, null]);
    expect(await order()).toMatchObject({
      status: 'CAPTURED',
      captured_amount: 20000,
      remaining_authorized_amount: 0,
    });
    expect((await capture(1)).body.error_code).toBe('CAPTURE_NOT_ALLOWED');
    expect(t.env.core.om.view(t.env.id)!.history.at(-1)).toMatchObject({
      action: 'authorization_released',
      detail: 'remaining authorization released (300,00\u00a0kr): CAPTURED',
    });
  });

  it('refuses when nothing was captured, once fully captured, and after a cancel', async () => {
    expect(refused(await release())).toEqual([
      403,
      'NOT_ALLOWED',
      `the remaining authorization of order ${t.env.id} cannot be released: it has no captures (captured_amount 0): cancel the order instead`,
    ]);
    await capture(50000);
    expect(refused(await release())[2]).toContain(
      'it is fully captured (CAPTURED): nothing remains authorized',
    );
    const other = await afterPurchaseEnv();
    try {
      await other.complete();
      const P = `/ordermanagement/v1/orders/${other.id}`;
      await other.api('POST', `${P}/cancel`);
      expect(refused(await other.api('POST', `${P}/release-remaining-authorization`))[2]).toContain(
        'it is CANCELLED',
      );
    } finally {
      await other.close();
    }
    const r = await t.env.api('POST', `${NOPE}/release-remaining-authorization`);
    expect([r.status, r.body.error_code]).toEqual([404, 'NO_SUCH_ORDER']);
  });

  it('repeats a refusal to a repeated key even once the release would succeed', async () => {
    const key = { 'klarna-idempotency-key': 'rel-1' };
    const first = await release(key);
    await capture(1000);
    const again = await release(key);
    expect([again.status, again.body]).toEqual([403, first.body]);
    expect((await order()).status).toBe('PART_CAPTURED');
  });
});
