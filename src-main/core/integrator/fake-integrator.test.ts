import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ShipmentResponseSchema, type ShippingOption } from '@shared/schemas/integrator.schema';
import { openStore } from '../../store/store';
import { tempCore } from '../../test-kit/temp-core';
import { createCore } from '../create-core';
import { ManualClock } from '../clock';
import { silentLogger } from '../log';
import { digestMatches, type FakeIntegrator } from './fake-integrator';
import { authBody, optionsRequest, shipmentRequest } from '../test-kit/integrator-fixtures';

let env: ReturnType<typeof tempCore>;
let fake: FakeIntegrator;
beforeEach(() => {
  env = tempCore();
  fake = env.core.integrator;
});
afterEach(() => env.dispose());

const token = () =>
  fake.authenticate(authBody(fake.credentials().identifier, fake.credentials().key)).token as string;
const options = (over: Record<string, unknown> = {}): ShippingOption[] =>
  JSON.parse(fake.shippingOptions(JSON.stringify(optionsRequest(over))).json).shipping_options;
const option = (id: string) => options().find((o) => o.id === id)!;

describe('credentials and tokens', () => {
  it('generates a key once, with the default identifier', () => {
    const c = fake.credentials();
    expect(c.identifier).toBe('sim-merchant');
    expect(c.key.length).toBeGreaterThanOrEqual(32);
    expect(fake.info()).toEqual({ ...c, token_ttl_s: 3600, tracking_delay_s: 7200 });
  });

  it('accepts the digest in lower or upper case hex and refuses a wrong key or identifier', () => {
    const { identifier, key } = fake.credentials();
    expect(digestMatches('n', key, authBody(identifier, key, 'n', true).secret.digest)).toBe(true);
    expect(typeof fake.authenticate(authBody(identifier, key, 'abc', true)).token).toBe('string');
    expect(() => fake.authenticate(authBody(identifier, 'wrong-key'))).toThrow(/wrong identifier or digest/);
    expect(() => fake.authenticate(authBody('someone-else', key))).toThrow(/wrong identifier or digest/);
  });

  it('refuses a malformed auth request as invalid_request, naming the field', () => {
    expect(() => fake.authenticate({ identifier: 'x', secret: { nonce: 'n', digest: 'zz' } })).toThrow(
      /secret.digest: must be the SHA-256/,
    );
    expect(() => fake.authenticate({ secret: {} })).toThrow(/identifier: is required/);
  });

  it('checks bearer tokens: valid until the TTL passes on the simulator clock, then expired', () => {
    fake.updateSettings({ token_ttl_s: 5 });
    const t = token();
    expect(fake.checkBearer(`Bearer ${t}`)).toBe('ok');
    expect(fake.checkBearer(`bearer  ${t}`)).toBe('ok');
    expect(fake.checkBearer(undefined)).toBe('missing');
    expect(fake.checkBearer(`Basic ${t}`)).toBe('missing');
    expect(fake.checkBearer('Bearer nope')).toBe('unknown');
    env.clock.advance(4_999);
    expect(fake.checkBearer(`Bearer ${t}`)).toBe('ok');
    env.clock.advance(1);
    expect(fake.checkBearer(`Bearer ${t}`)).toBe('expired');
    expect(fake.checkBearer(`Bearer ${token()}`)).toBe('ok');
  });

  it('refuses bad settings with the field and the rule', () => {
    expect(() => fake.updateSettings({ token_ttl_s: 0 })).toThrow(/token_ttl_s/);
    expect(() => fake.updateSettings({ nope: 1 })).toThrow(/nope/i);
  });
});

describe('shipments', () => {
  it('creates with a new id per POST of the same session, keeps the id on update, reads it back', () => {
    const o = option('nordpost-ombud');
    const a = fake.createShipment(shipmentRequest(o));
    const b = fake.createShipment(shipmentRequest(o));
    expect(a.shipmentId).not.toBe(b.shipmentId);
    expect(ShipmentResponseSchema.parse(a.body)).toBeTruthy();
    expect(a.body.selected_shipping_option).toMatchObject({
      id: 'nordpost-ombud',
      carrier: 'nordpost',
      carrier_product: {
        name: 'Nordpost Ombud',
        identifier: 'NP-OMBUD',
        addon_identifiers: ['NP-SMS', 'NP-EMAIL'],
      },
      location: { id: o.locations![0]!.id },
    });
    const home = option('nordpost-home');
    const u = fake.updateShipment(
      a.shipmentId,
      shipmentRequest(home, { shipping_option_over: { timeslot: home.timeslots![1] } }),
    );
    expect(u.shipmentId).toBe(a.shipmentId);
    expect(u.body.selected_shipping_option).toMatchObject({
      id: 'nordpost-home',
      timeslot: home.timeslots![1],
    });
    expect(fake.readShipment(a.shipmentId).body).toEqual(u.body);
    expect(u.orderId).toBe('ord-1');
  });

  it('accepts a pickup location the customer found by searching another postal code, and refuses a made-up one', () => {
    const searched = options({ recipient: { country: 'SE', postal_code: '41301' } }).find(
      (o) => o.id === 'nordpost-ombud',
    )!;
    const far = searched.locations![2]!;
    expect(option('nordpost-ombud').locations!.some((l) => l.id === far.id)).toBe(false);
    const created = fake.createShipment(
      shipmentRequest(option('nordpost-ombud'), { shipping_option_over: { location: { id: far.id } } }),
    );
    expect(created.body.selected_shipping_option).toMatchObject({ location: { id: far.id, name: far.name } });
    const madeUp = far.id.replace(/\d{6}$/, '000001');
    expect(() =>
      fake.createShipment(
        shipmentRequest(option('nordpost-ombud'), { shipping_option_over: { location: { id: madeUp } } }),
      ),
    ).toThrow(/is not offered/);
  });

  it('shows tracking ids only once the tracking delay has passed on the clock, in the carrier format', () => {
    const created = fake.createShipment(shipmentRequest(option('nordpost-ombud')));
    expect(created.body.shipments).toEqual([{ carrier: 'nordpost', tracking_id: '' }]);
    env.clock.advance(7_199_000);
    expect(fake.readShipment(created.shipmentId).body.shipments).toEqual([
      { carrier: 'nordpost', tracking_id: '' },
    ]);
    env.clock.advance(1_000);
    const [s] = fake.readShipment(created.shipmentId).body.shipments as { tracking_id: string }[];
    expect(s!.tracking_id).toMatch(/^NP\d{9}SE$/);
    expect(fake.readShipment(created.shipmentId).body).toEqual(fake.readShipment(created.shipmentId).body);
  });

  it('splits heavy freight-free orders into parcels, one shipment each', () => {
    const heavy = {
      order: {
        id: 'o',
        total_amount: 1,
        total_tax: 0,
        lines: [
          { type: 'physical', quantity: 2, total_price_including_tax: 1, attributes: { weight: 15_000 } },
        ],
      },
    };
    const home = options(heavy).find((o) => o.id === 'nordpost-home')!;
    const r = fake.createShipment(shipmentRequest(home, heavy));
    expect((r.body.shipments as unknown[]).length).toBe(2);
  });

  it.each([
    ['an option not offered', { shipping_option_over: { id: 'nope' } }, 'shipping_option_not_available'],
    [
      'an option no longer valid',
      { shipping_option_over: { valid: false } },
      'shipping_option_not_available',
    ],
    ['a partial address', { recipient: { country: 'SE' } }, 'recipient_address_incomplete'],
    ['an unknown location', { shipping_option_over: { location: { id: 'x' } } }, 'invalid_selection'],
    [
      'a required add-on deselected',
      {
        shipping_option_over: {
          addons: [{ category: 'notifications', type: 'sms', data: { selected: false } }],
        },
      },
      'invalid_selection',
    ],
  ])('refuses %s', (_name, over, code) => {
    const locker = option('boxly-locker');
    expect(() => fake.createShipment(shipmentRequest(locker, over))).toThrow(
      expect.objectContaining({ code }),
    );
  });

  it('re-validates on update (an option that became unavailable) and refuses a text over max_length', () => {
    const letter = option('nordpost-letter');
    const a = fake.createShipment(shipmentRequest(letter));
    const heavier = {
      order: {
        id: 'o',
        total_amount: 1,
        total_tax: 0,
        lines: [
          { type: 'physical', quantity: 1, total_price_including_tax: 1, attributes: { weight: 5_000 } },
        ],
      },
    };
    expect(() => fake.updateShipment(a.shipmentId, shipmentRequest(letter, heavier))).toThrow(
      'not available',
    );
    const home = option('nordpost-home');
    const long = {
      category: 'delivery',
      type: 'additional-instructions',
      data: { selected: true, text: 'x'.repeat(101) },
    };
    expect(() =>
      fake.createShipment(shipmentRequest(home, { shipping_option_over: { addons: [long] } })),
    ).toThrow('must be at most 100 characters, got 101');
    expect(() => fake.readShipment('shp_missing')).toThrow('shipment shp_missing was not found');
    expect(() =>
      fake.updateShipment(
        a.shipmentId,
        shipmentRequest(letter, { session_id: '00000000-0000-4000-8000-000000000000' }),
      ),
    ).toThrow('belongs to another session');
  });
});

describe('persistence across a reopen of the same database file', () => {
  it('keeps credentials, settings, faults, live tokens and shipments', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sim-integrator-'));
    const clock = new ManualClock();
    const open = () => createCore({ ...openStore(join(dir, 'simulator.db')), clock, log: silentLogger });
    try {
      const first = open();
      fake = first.integrator;
      fake.updateSettings({ token_ttl_s: 600 });
      fake.faults.update('shippingoptions', { latency_ms: 50 });
      const t = token();
      const s = fake.createShipment(shipmentRequest(option('nordpost-ombud')));
      const before = { creds: fake.credentials(), read: fake.readShipment(s.shipmentId).body };
      await first.close();
      const second = open();
      const again = second.integrator;
      expect(again.credentials()).toEqual(before.creds);
      expect(again.settings().token_ttl_s).toBe(600);
      expect(again.faults.of('shippingoptions').latency_ms).toBe(50);
      expect(again.checkBearer(`Bearer ${t}`)).toBe('ok');
      expect(again.readShipment(s.shipmentId).body).toEqual(before.read);
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
