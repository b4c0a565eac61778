import { describe, expect, it } from 'vitest';
import { completedOrderPerTest } from '../../test-kit/after-purchase-env';

// PATCH …/captures/{capture_id}/customer-details as the official PHP SDK's Capture::updateCustomerDetails
// sends it (its example: the capture's billing e-mail and phone), over a real loopback socket.
const t = completedOrderPerTest();

const captureId = async () =>
  (await t.env.api('POST', `${t.O}/captures`, { captured_amount: 1000 })).headers.get('capture-id')!;
const patch = (id: string, body: unknown) =>
  t.env.api('PATCH', `${t.O}/captures/${id}/customer-details`, body);
const refused = (r: { status: number; body: { error_code: string; error_messages: string[] } }) => [
  r.status,
  r.body.error_code,
  r.body.error_messages[0],
];

describe('PATCH …/captures/{capture_id}/customer-details', () => {
  it("updates the capture's billing address (204); the order's stays the purchase's", async () => {
    const id = await captureId();
    const before = (await t.env.api('GET', t.O)).body.billing_address;
    const r = await patch(id, { billing_address: { email: 'user@example.com', phone: '57-3895734' } });
    expect([r.status, r.body]).toEqual([204, null]);
    const capture = (await t.env.api('GET', `${t.O}/captures/${id}`)).body;
    expect(capture.billing_address).toEqual({ ...before, email: 'user@example.com', phone: '57-3895734' });
    expect((await t.env.api('GET', t.O)).body.billing_address).toEqual(before);
    const history = t.env.core.om.view(t.env.id)!.history.at(-1)!;
    expect(history).toMatchObject({ action: 'customer_details', capture_id: id });
  });

  it('refuses a bad body (400 naming the field), the shipping address and a country change (403)', async () => {
    const id = await captureId();
    expect(refused(await patch(id, {}))).toEqual([400, 'BAD_VALUE', 'billing_address: is required']);
    expect(refused(await patch(id, { billing_address: { email: 'nope' } }))).toEqual([
      400,
      'BAD_VALUE',
      'billing_address.email: must be an e-mail address (name@domain)',
    ]);
    const ship = await patch(id, { billing_address: {}, shipping_address: { city: 'X' } });
    expect(refused(ship).slice(0, 2)).toEqual([403, 'NOT_ALLOWED']);
    expect(ship.body.error_messages[0]).toMatch(/shipping_address cannot be updated/);
    // conformance.md: a shipping address is 403 NOT_ALLOWED, with or without a billing address.
    const onlyShip = await patch(id, { shipping_address: { city: 'X' } });
    expect(refused(onlyShip).slice(0, 2)).toEqual([403, 'NOT_ALLOWED']);
    expect(refused(await patch(id, { billing_address: { country: '' } }))).toEqual([
      400,
      'BAD_VALUE',
      'billing_address.country: cannot be cleared',
    ]);
    expect(refused(await patch(id, { billing_address: { country: 'S1' } }))[0]).toBe(400);
    const country = await patch(id, { billing_address: { country: 'NO' } });
    expect(refused(country).slice(0, 2)).toEqual([403, 'NOT_ALLOWED']);
  });

  it('answers 403 NOT_ALLOWED before any capture and 404 for an unknown capture or order', async () => {
    const none = await patch('nope', { billing_address: { email: 'a@b.c' } });
    expect(refused(none).slice(0, 2)).toEqual([403, 'NOT_ALLOWED']);
    await captureId();
    const r = await patch('nope', { billing_address: { email: 'a@b.c' } });
    expect([r.status, r.body.error_code]).toEqual([404, 'NO_SUCH_CAPTURE']);
    const o = await t.env.api('PATCH', '/ordermanagement/v1/orders/nope/captures/x/customer-details', {
      billing_address: { email: 'a@b.c' },
    });
    expect([o.status, o.body.error_code]).toEqual([404, 'NO_SUCH_ORDER']);
  });
});
