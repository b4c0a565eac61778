import { afterEach, describe, expect, it } from 'vitest';
import { INTEGRATOR_MEDIA_TYPES } from '@shared/schemas/integrator.schema';
import { stubShipment } from '../../test-kit/integrator-stub';
import { shippingEnv, type ShippingEnv } from '../../test-kit/shipping-env';

let env: ShippingEnv;
afterEach(() => env?.close());

const pick = (input: Record<string, unknown>) => env.core.steps.shippingOption(env.id, input);
const pay = () => env.core.steps.complete(env.id, {});
const problemsOf = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e: { problems?: unknown }) => e,
  );
  return (err as { problems?: unknown } | null)?.problems;
};

describe('the customer’s choice among integrator options', () => {
  it('prices a choice with its location, timeslot and add-ons; the pickup point defaults to the first location', async () => {
    env = await shippingEnv();
    await env.toAddress();
    const home = await pick({
      id: 'stub-home',
      timeslot_id: 'ts-evening',
      addons: [{ type: 'additional-instructions', data: { text: 'Ring twice', selected: true } }],
    });
    const sel = home.order.selected_shipping_option as Record<string, unknown>;
    expect([sel.price, sel.tax_amount, sel.timeslot]).toEqual([
      8400,
      1680,
      { id: 'ts-evening', start: '2026-01-02T16:00:00Z', end: '2026-01-02T20:00:00Z' },
    ]);
    expect((sel.addons as { type: string; data: unknown }[]).map((a) => [a.type, a.data])).toEqual([
      ['sms', { selected: true }],
      ['email', { selected: true }],
      ['additional-instructions', { text: 'Ring twice', selected: true }],
    ]);
    const point = await pick({ id: 'stub-point' });
    expect((point.order.selected_shipping_option as { location: { id: string } }).location.id).toBe(
      'pt-11134-a',
    );
    const cheaper = await pick({ id: 'stub-point', location_id: 'pt-11134-b' });
    expect((cheaper.order.selected_shipping_option as { price: number }).price).toBe(3900);
  });

  it('refuses a deselected required add-on, text past max_length, and locations or timeslots not offered', async () => {
    env = await shippingEnv();
    await env.toAddress();
    expect(
      await problemsOf(pick({ id: 'stub-home', addons: [{ type: 'sms', data: { selected: false } }] })),
    ).toEqual([{ path: 'addons[0].data.selected', message: 'add-on sms is required' }]);
    const long = 'Leave it by the blue door, please';
    expect(
      await problemsOf(
        pick({
          id: 'stub-home',
          addons: [{ type: 'additional-instructions', data: { text: long, selected: true } }],
        }),
      ),
    ).toEqual([
      { path: 'addons[0].data.text', message: `must be at most 20 characters, got ${long.length}` },
    ]);
    expect(await problemsOf(pick({ id: 'stub-point', location_id: 'nowhere' }))).toEqual([
      { path: 'location_id', message: 'location nowhere is not offered' },
    ]);
    expect(
      await problemsOf(pick({ id: 'stub-home', location_id: 'pt-11134-a', timeslot_id: 'ts-x' })),
    ).toEqual([
      { path: 'location_id', message: "option 'stub-home' (delivery-address) has no locations to pick from" },
      { path: 'timeslot_id', message: 'timeslot ts-x is not offered' },
    ]);
  });

  it('refuses location_id, timeslot_id and add-ons for options that are not the integrator’s', async () => {
    env = await shippingEnv();
    env.tms.on('POST /shippingoptions', { status: 500 });
    await env.toAddress();
    expect(await problemsOf(pick({ id: 'std', location_id: 'x' }))).toEqual([
      {
        path: 'location_id',
        message:
          'location_id, timeslot_id and addons apply to options from an integrator; the options shown come from the merchant’s fallback list',
      },
    ]);
    expect((await pick({ id: 'exp' })).outcome).toBe('applied');
  });

  it('refuses a preview option (only the country is known)', async () => {
    env = await shippingEnv();
    await env.core.steps.country(env.id, { country: 'SE' });
    await expect(pick({ id: 'stub-home' })).rejects.toThrow(/preview.*enter the address first/);
  });
});

describe('pay: POST /shipment, then PUT', () => {
  it('creates the shipment on the first attempt and updates it on the next; the completed order carries it', async () => {
    env = await shippingEnv({ callbacks: ['validation'] });
    await env.toAddress();
    await pick({ id: 'stub-point', location_id: 'pt-11134-b' });
    env.stub.on(env.path('validation'), { status: 303, headers: { location: 'https://shop.example/oops' } });
    expect((await pay()).outcome).toBe('denied');
    const post = env.tms.to('POST /shipment')[0]!;
    expect(post.headers['content-type']).toBe(INTEGRATOR_MEDIA_TYPES.shipment);
    expect(post.json).toMatchObject({
      session_id: env.session().state.shipping!.session_id,
      locale: 'sv-SE',
      currency: 'SEK',
      recipient: { street_address: 'Sveavägen 46', country: 'SE' },
      order: { id: env.id, total_amount: 50000 },
      selected_shipping_option: {
        id: 'stub-point',
        type: 'pickup-point',
        carrier: 'stubpost',
        price: 3900,
        tax_rate: 2500,
        valid: true,
        location: { id: 'pt-11134-b' },
      },
    });
    env.stub.on(env.path('validation'), { status: 200, body: {} });
    const done = await pay();
    expect(done.outcome).toBe('completed');
    expect(env.tms.to('PUT /shipment/:id').map((r) => r.id)).toEqual(['shp-1']);
    expect(env.tms.to('POST /shipment')).toHaveLength(1);
    expect(done.notes[0]).toMatch(/shipment shp-1 updated \(PUT \/shipment\)/);
    const sel = done.order.selected_shipping_option as Record<string, unknown>;
    expect(sel.tms_reference).toBe('shp-1');
    expect(sel.delivery_details).toEqual({
      carrier: 'stubpost',
      class: 'economy',
      product: { name: 'Stubpost Home', identifier: 'SP-HOME' },
      pickup_location: {
        id: 'pt-11134-b',
        name: 'Pickup pt-11134-b',
        address: {
          street_address: 'Gatan pt-11134-b',
          postal_code: '11134',
          city: 'Stockholm',
          country: 'SE',
        },
      },
    });
    expect(sel.selected_addons).toEqual([]);
  });

  it('carries the selected add-ons with their carrier ids and the customer’s text', async () => {
    env = await shippingEnv();
    await env.toAddress();
    await pick({ id: 'stub-home', timeslot_id: 'ts-evening' });
    const done = await pay();
    const sel = done.order.selected_shipping_option as Record<string, unknown>;
    expect(sel.selected_addons).toEqual([
      { type: 'sms', price: 0, external_id: 'SP-SMS', user_input: '' },
      { type: 'email', price: 0, user_input: '' },
    ]);
    expect((sel.delivery_details as { timeslot: unknown }).timeslot).toEqual({
      id: 'ts-evening',
      start: '2026-01-02T16:00:00Z',
      end: '2026-01-02T20:00:00Z',
    });
  });

  it('keeps a default add-on the customer switched off switched off at pay', async () => {
    env = await shippingEnv();
    await env.toAddress();
    await pick({
      id: 'stub-home',
      timeslot_id: 'ts-evening',
      addons: [{ type: 'email', data: { selected: false } }],
    });
    const done = await pay();
    const sel = done.order.selected_shipping_option as Record<string, unknown>;
    expect((sel.selected_addons as { type: string }[]).map((a) => a.type)).toEqual(['sms']);
    const sent = env.tms.requests.find((r) => r.method === 'POST' && r.path === '/shipment');
    const addons = (sent?.json as { selected_shipping_option: { addons: { type: string; data: unknown }[] } })
      .selected_shipping_option.addons;
    // Sent as switched off, or not sent at all: never as selected.
    expect(
      addons.filter((a) => a.type === 'email' && (a.data as { selected?: boolean })?.selected !== false),
    ).toEqual([]);
  });

  it.each([
    [
      'a 400 with failure_reason',
      { status: 400, body: { failure_reason: 'shipping_option_not_available' } },
      'shipping_option_not_available',
    ],
    ['a 5xx', { status: 502, body: { failure_reason: 'bad gateway' } }, 'bad gateway'],
    [
      'an answer without Location',
      { status: 201, body: stubShipment('shp-9', false) },
      'POST /shipment answered without a Location header, so the shipment is not confirmed',
    ],
    [
      'a time-out',
      { delayMs: 700, status: 201, body: {} },
      'POST /shipment: the integrator did not answer within 300 ms',
    ],
  ])('any error restarts the selection with the reason shown: %s', async (_name, answer, reason) => {
    env = await shippingEnv({ timeoutMs: 300 });
    await env.toAddress();
    await pick({ id: 'stub-point' });
    env.tms.on('POST /shipment', answer);
    const r = await pay();
    expect([r.outcome, r.error_type, r.error_text]).toEqual([
      'rejected',
      'shipping_selection_restarted',
      reason,
    ]);
    expect(r.message).toContain(`the customer sees “${reason}”`);
    const s = env.session();
    expect(s.order.selected_shipping_option).toBeUndefined();
    expect(s.state.shipping).toMatchObject({
      selection: null,
      failure_reason: reason,
      shipment: null,
      source: 'integrator',
    });
    expect(env.tms.to('POST /shippingoptions')).toHaveLength(3); // the options are fetched again
    await expect(pay()).rejects.toThrow(/no shipping option is selected/);
  });

  it('records the missing Location as a violation of the spec', async () => {
    env = await shippingEnv();
    await env.toAddress();
    await pick({ id: 'stub-point' });
    env.tms.on('POST /shipment', { status: 201, body: stubShipment('shp-9', false) });
    await pay();
    const call = (await env.exchanges('shipping.shipment.create'))[0]!;
    expect(call.outcome).toBe('failed');
    expect(call.violations).toEqual([
      {
        rule: 'shipping-integrator-api#post-shipment',
        path: 'headers.location',
        message: expect.stringMatching(/without a Location header; the shipment id and Location/),
      },
    ]);
  });

  it('a PUT answered 404 drops the shipment, so the next pay creates a new one', async () => {
    env = await shippingEnv({ callbacks: ['validation'] });
    await env.toAddress();
    await pick({ id: 'stub-point' });
    env.stub.on(env.path('validation'), { status: 303, headers: { location: 'https://shop.example/oops' } });
    await pay();
    env.tms.on('PUT /shipment/:id', { status: 404, body: { failure_reason: 'shipment_not_found' } });
    expect((await pay()).error_text).toBe('shipment_not_found');
    env.stub.on(env.path('validation'), { status: 200, body: {} });
    await pick({ id: 'stub-point' });
    expect((await pay()).outcome).toBe('completed');
    expect(env.tms.to('POST /shipment')).toHaveLength(2);
  });

  it('with fallback options there is no shipment: the merchant’s option completes', async () => {
    env = await shippingEnv();
    env.tms.on('POST /shippingoptions', { status: 500 });
    await env.toAddress();
    const done = await pay();
    expect(done.outcome).toBe('completed');
    expect((done.order.selected_shipping_option as { id: string }).id).toBe('std');
    expect(env.tms.to('POST /shipment')).toHaveLength(0);
  });
});
