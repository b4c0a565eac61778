import { describe, expect, it } from 'vitest';
import { completedOrderPerTest } from '../../test-kit/after-purchase-env';

// Customer details, shipping info, and a capture's send-out and due date, over a real loopback socket.
const t = completedOrderPerTest();

const NOPE = '/ordermanagement/v1/orders/nope';
const order = async () => (await t.env.api('GET', t.O)).body;
const captureId = async (amount: number) =>
  (await t.env.api('POST', `${t.O}/captures`, { captured_amount: amount })).headers.get('capture-id')!;
const refused = (r: { status: number; body: { error_code: string; error_messages: string[] } }) => [
  r.status,
  r.body.error_code,
  r.body.error_messages[0],
];
const key = (k: string) => ({ 'klarna-idempotency-key': k });
const PARCEL = { shipping_company: 'PostNord', shipping_method: 'PickUpPoint', tracking_number: 'PN123' };

describe('PATCH …/customer-details', () => {
  const patch = (body: unknown, headers?: Record<string, string>) =>
    t.env.api('PATCH', `${t.O}/customer-details`, body, headers);

  it('updates the shipping address with e-mail and phone (204); an empty string clears a field', async () => {
    const r = await patch({
      shipping_address: {
        street_address: 'Drottninggatan 1',
        email: 'new@example.com',
        phone: '+46701234567',
      },
    });
    expect([r.status, r.body]).toEqual([204, null]);
    const o = await order();
    expect(o.shipping_address).toMatchObject({
      given_name: 'Testperson',
      street_address: 'Drottninggatan 1',
      email: 'new@example.com',
      phone: '+46701234567',
      city: 'Stockholm',
    });
    expect(o.billing_address.street_address).toBe('Sveavägen 46');
    expect((await patch({ shipping_address: { phone: '' } })).status).toBe(204);
    expect((await order()).shipping_address.phone).toBeUndefined();
    expect(t.env.core.om.view(t.env.id)!.history.map((h) => h.detail)).toEqual([
      'shipping address updated: set email, phone, street_address',
      'shipping address updated: cleared phone',
    ]);
  });

  it('refuses bad values (400), the billing address and a new country (403 NOT_ALLOWED)', async () => {
    expect(refused(await patch({}))).toEqual([400, 'BAD_VALUE', 'shipping_address: is required']);
    expect(refused(await patch({ shipping_address: { city: '' } }))).toEqual([
      400,
      'BAD_VALUE',
      'shipping_address.city: cannot be cleared: a shipping address needs it',
    ]);
    expect(refused(await patch({ shipping_address: { email: 'nope' } }))[2]).toBe(
      'shipping_address.email: must be an e-mail address (name@domain)',
    );
    expect(refused(await patch({ shipping_address: { postal_code: '12345678901' } }))[2]).toBe(
      'shipping_address.postal_code: must be at most 10 characters long',
    );
    expect(refused(await patch({ billing_address: { city: 'Malmö' } }))).toEqual([
      403,
      'NOT_ALLOWED',
      `the customer details of order ${t.env.id} cannot be updated: billing_address cannot be updated after the purchase`,
    ]);
    expect(refused(await patch({ shipping_address: { country: 'NO' } }))[2]).toContain(
      'shipping_address.country cannot change after the purchase (SE → NO)',
    );
    expect((await order()).shipping_address.city).toBe('Stockholm');
  });

  it('refuses once fully captured, and answers 404 for an unknown order', async () => {
    await captureId(50000);
    expect(refused(await patch({ shipping_address: { city: 'Malmö' } }))[2]).toContain(
      'it is CAPTURED: the goods are on their way',
    );
    const r = await t.env.api('PATCH', `${NOPE}/customer-details`, { shipping_address: { city: 'x' } });
    expect([r.status, r.body.error_code]).toEqual([404, 'NO_SUCH_ORDER']);
  });

  it('answers a repeated key with the first answer and changes nothing', async () => {
    expect((await patch({ shipping_address: { city: 'Malmö' } }, key('cd-1'))).status).toBe(204);
    expect((await patch({ shipping_address: { city: 'Lund' } }, key('cd-1'))).status).toBe(204);
    expect((await order()).shipping_address.city).toBe('Malmö');
  });
});

describe('POST …/shipping-info (the order)', () => {
  it('appends carriers and tracking numbers to the order (204)', async () => {
    const r = await t.env.api('POST', `${t.O}/shipping-info`, { shipping_info: [PARCEL] });
    expect([r.status, r.body]).toEqual([204, null]);
    await t.env.api('POST', `${t.O}/shipping-info`, { shipping_info: [{ tracking_number: 'X2' }] });
    expect((await order()).shipping_info).toEqual([PARCEL, { tracking_number: 'X2' }]);
    expect(t.env.core.om.view(t.env.id)!.history.at(-2)!.detail).toBe(
      'shipping info for the order: PostNord PN123',
    );
  });

  it('refuses a bad body with 400 naming the field, and answers 404 for an unknown order', async () => {
    expect(refused(await t.env.api('POST', `${t.O}/shipping-info`, { shipping_info: [] }))).toEqual([
      400,
      'BAD_VALUE',
      'shipping_info: must hold at least one item',
    ]);
    const r = await t.env.api('POST', `${t.O}/shipping-info`, {
      shipping_info: [{ shipping_method: 'Drone' }],
    });
    expect(r.body.error_messages[0]).toMatch(
      /^shipping_info\[0\]\.shipping_method: must be one of "PickUpStore"/,
    );
    const tooLong = { shipping_info: [{ tracking_number: 'x'.repeat(101) }] };
    expect(refused(await t.env.api('POST', `${t.O}/shipping-info`, tooLong))[2]).toBe(
      'shipping_info[0].tracking_number: must be at most 100 characters long',
    );
    const none = await t.env.api('POST', `${NOPE}/shipping-info`, { shipping_info: [PARCEL] });
    expect([none.status, none.body.error_code]).toEqual([404, 'NO_SUCH_ORDER']);
  });

  it('adds nothing for a repeated key', async () => {
    await t.env.api('POST', `${t.O}/shipping-info`, { shipping_info: [PARCEL] }, key('si-1'));
    const again = await t.env.api('POST', `${t.O}/shipping-info`, { shipping_info: [PARCEL] }, key('si-1'));
    expect(again.status).toBe(204);
    expect((await order()).shipping_info).toHaveLength(1);
  });
});

describe('POST …/captures/{capture_id}/shipping-info and …/trigger-send-out', () => {
  it('appends to the capture (204), shown on the capture, the list and the order', async () => {
    const id = await captureId(20000);
    const r = await t.env.api('POST', `${t.O}/captures/${id}/shipping-info`, { shipping_info: [PARCEL] });
    expect([r.status, r.body]).toEqual([204, null]);
    expect((await t.env.api('GET', `${t.O}/captures/${id}`)).body.shipping_info).toEqual([PARCEL]);
    expect((await t.env.api('GET', `${t.O}/captures`)).body[0].shipping_info).toEqual([PARCEL]);
    expect((await order()).captures[0].shipping_info).toEqual([PARCEL]);
    expect((await order()).shipping_info).toEqual([]);
  });

  it('refuses an order without captures (403 NOT_ALLOWED), an unknown capture and order (404)', async () => {
    for (const op of ['shipping-info', 'trigger-send-out']) {
      const body = op === 'shipping-info' ? { shipping_info: [PARCEL] } : undefined;
      const none = await t.env.api('POST', `${t.O}/captures/nope/${op}`, body);
      expect(refused(none).slice(0, 2)).toEqual([403, 'NOT_ALLOWED']);
      expect(none.body.error_messages[0]).toMatch(new RegExp(`^order ${t.env.id} has no captures: `));
    }
    await captureId(1000);
    for (const op of ['shipping-info', 'trigger-send-out']) {
      const body = op === 'shipping-info' ? { shipping_info: [PARCEL] } : undefined;
      const r = await t.env.api('POST', `${t.O}/captures/nope/${op}`, body);
      expect(refused(r)).toEqual([404, 'NO_SUCH_CAPTURE', `capture nope of order ${t.env.id} was not found`]);
      const o = await t.env.api('POST', `${NOPE}/captures/nope/${op}`, body);
      expect([o.status, o.body.error_code]).toEqual([404, 'NO_SUCH_ORDER']);
    }
  });

  it('triggers a send-out (204), counted on the capture; a repeated key counts once', async () => {
    const id = await captureId(20000);
    const r = await t.env.api('POST', `${t.O}/captures/${id}/trigger-send-out`, undefined, key('so-1'));
    expect([r.status, r.body]).toEqual([204, null]);
    await t.env.api('POST', `${t.O}/captures/${id}/trigger-send-out`, undefined, key('so-1'));
    expect(t.env.core.om.view(t.env.id)!.capture_states[id]!.send_outs).toBe(1);
    const log = await t.env.core.exchanges.list({ orderId: t.env.id, ascending: true });
    expect(log.filter((e) => e.kind === 'ordermanagement.capture.send_out').map((e) => e.outcome)).toEqual([
      'sent_out',
      'idempotent_replay',
    ]);
  });
});

describe('the due date of a capture: …/extend-due-date-options and …/extend-due-date', () => {
  const options = (id: string) => t.env.api('GET', `${t.O}/captures/${id}/extend-due-date-options`);
  const extend = (id: string, body: unknown, headers?: Record<string, string>) =>
    t.env.api('PATCH', `${t.O}/captures/${id}/extend-due-date`, body, headers);

  it('offers 7, 14 and 30 days for a share of what is owed, and extends once (204)', async () => {
    const id = await captureId(20000);
    const r = await options(id);
    expect([r.status, r.body]).toEqual([
      200,
      {
        currency: 'SEK',
        options: [
          { number_of_days: 7, amount: 200 },
          { number_of_days: 14, amount: 360 },
          { number_of_days: 30, amount: 600 },
        ],
      },
    ]);
    expect(t.env.core.om.view(t.env.id)!.capture_states[id]!.due_at).toBe('2026-01-31T00:00:00.000Z');
    const done = await extend(id, { number_of_days: 14 });
    expect([done.status, done.body]).toEqual([204, null]);
    expect(t.env.core.om.view(t.env.id)!.capture_states[id]).toEqual({
      due_at: '2026-02-14T00:00:00.000Z',
      extended_by_days: 14,
      extension_fee: 360,
      send_outs: 0,
    });
    expect((await options(id)).body).toEqual({ currency: 'SEK', options: [] });
    expect(refused(await extend(id, { number_of_days: 7 }))).toEqual([
      403,
      'NOT_ALLOWED',
      `the due date of capture ${id} cannot be extended: its due date was extended already (by 14 days); it can be extended once`,
    ]);
  });

  it('refuses a number of days not offered (400) and a fully refunded capture (403)', async () => {
    const id = await captureId(20000);
    expect(refused(await extend(id, { number_of_days: 10 }))).toEqual([
      400,
      'BAD_VALUE',
      'number_of_days: must be one of the offered options (7, 14, 30; GET …/extend-due-date-options), got 10',
    ]);
    expect(refused(await extend(id, {}))[2]).toBe('number_of_days: is required');
    await t.env.api('POST', `${t.O}/refunds`, { refunded_amount: 20000 });
    expect(refused(await extend(id, { number_of_days: 7 }))[2]).toContain(
      'it is fully refunded: the customer owes nothing',
    );
    expect((await options(id)).body.options).toEqual([]);
  });

  it('answers 404 NO_SUCH_CAPTURE and NO_SUCH_ORDER', async () => {
    await captureId(1000);
    for (const r of [await options('nope'), await extend('nope', { number_of_days: 7 })]) {
      expect([r.status, r.body.error_code]).toEqual([404, 'NO_SUCH_CAPTURE']);
    }
    const o = await t.env.api('GET', `${NOPE}/captures/nope/extend-due-date-options`);
    expect([o.status, o.body.error_code]).toEqual([404, 'NO_SUCH_ORDER']);
  });

  it('answers a repeated key with the first answer and extends once', async () => {
    const id = await captureId(20000);
    expect((await extend(id, { number_of_days: 7 }, key('dd-1'))).status).toBe(204);
    const again = await extend(id, { number_of_days: 30 }, key('dd-1'));
    expect([again.status, again.body]).toEqual([204, null]);
    expect(t.env.core.om.view(t.env.id)!.capture_states[id]!.extended_by_days).toBe(7);
  });
});
