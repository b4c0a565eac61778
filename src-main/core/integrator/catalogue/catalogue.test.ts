import { describe, expect, it } from 'vitest';
import { ShippingOptionsResponseSchema, type ShippingOption } from '@shared/schemas/integrator.schema';
import { fullRecipient, line, optionsRequest, order } from '../../test-kit/integrator-fixtures';
import { buildOptions } from './catalogue';
import { CURRENCIES } from './countries';
import { areaCentre } from './locations';
import { COUNTRIES } from './countries';

const NOW = Date.parse('2026-03-10T09:30:00Z'); // a Tuesday
type Req = Parameters<typeof buildOptions>[0];
const build = (over: Record<string, unknown> = {}, now = NOW) =>
  buildOptions(optionsRequest(over) as unknown as Req, now);
const types = (os: ShippingOption[]) => [...new Set(os.map((o) => o.type))];
const byId = (os: ShippingOption[], id: string) => os.find((o) => o.id === id)!;

const ADDRESSES: Record<string, Record<string, string>> = {
  SE: { currency: 'SEK', street_address: 'Sveavägen 12', postal_code: '113 50', city: 'Stockholm' },
  NO: { currency: 'NOK', street_address: 'Karl Johans gate 1', postal_code: '0154', city: 'Oslo' },
  DK: { currency: 'DKK', street_address: 'Strøget 4', postal_code: '1160', city: 'København' },
  FI: { currency: 'EUR', street_address: 'Mannerheimintie 5', postal_code: '00100', city: 'Helsinki' },
  DE: { currency: 'EUR', street_address: 'Unter den Linden 7', postal_code: '10117', city: 'Berlin' },
  NL: { currency: 'EUR', street_address: 'Damrak 1', postal_code: '1012 LG', city: 'Amsterdam' },
  GB: { currency: 'GBP', street_address: '10 Fleet Street', postal_code: 'EC4Y 1AA', city: 'London' },
  US: { currency: 'USD', street_address: '350 5th Ave', postal_code: '10118', city: 'New York' },
};
const inCountry = (country: string, over: Record<string, unknown> = {}) => {
  const { currency, ...addr } = ADDRESSES[country]!;
  // A light, cheap order: every product fits and none is free.
  const small = order({ total_amount: 1000, total_amount_without_shipping_fee: 1000, lines: [line(500)] });
  return build({ currency, recipient: fullRecipient({ ...addr, country }), order: small, ...over });
};

describe('the catalogue per country', () => {
  it.each(Object.entries({ SE: 2500, NO: 2500, DK: 2500, FI: 2550, DE: 1900, NL: 2100, GB: 2000, US: 0 }))(
    '%s: several carriers, home, pickup and locker, postal and express, with VAT %i, matching the spec',
    (country, vat) => {
      const os = inCountry(country);
      expect(ShippingOptionsResponseSchema.safeParse({ shipping_options: os }).success).toBe(true);
      expect(new Set(os.map((o) => o.carrier)).size).toBeGreaterThanOrEqual(2);
      expect(types(os)).toEqual(
        expect.arrayContaining(['delivery-address', 'pickup-point', 'pickup-box', 'postal']),
      );
      expect(os.some((o) => o.class === 'express')).toBe(true);
      expect(os.every((o) => o.tax_rate === vat && o.preview === false)).toBe(true);
      expect(os.every((o) => Number.isInteger(o.price) && o.price > 0)).toBe(true);
    },
  );

  it('answers no options for a country no carrier serves, and refuses an unknown currency', () => {
    expect(build({ recipient: fullRecipient({ country: 'JP' }) })).toEqual([]);
    expect(() => build({ currency: 'XXX' })).toThrow(/currency: XXX is not supported/);
  });

  it('prices in minor units of the request currency (no decimals for ISK)', () => {
    const small = order({ total_amount: 1000, total_amount_without_shipping_fee: 1000 });
    const price = (currency: string) => byId(build({ currency, order: small }), 'boxly-locker').price;
    const [sek, eur, isk] = [price('SEK'), price('EUR'), price('ISK')];
    expect([sek, eur, isk]).toEqual([4900, 390, 655]);
    expect(CURRENCIES.ISK!.decimals).toBe(0);
  });

  it('carries an eco badge, add-ons with required/default flags and an instructions max_length of 100', () => {
    const os = build();
    expect(byId(os, 'greenmile-bike').features).toEqual([{ class: 'badge', type: 'eco' }]);
    const locker = byId(os, 'boxly-locker').addons!;
    expect(locker.find((a) => a.type === 'sms')).toMatchObject({ required: true, default: true });
    const home = byId(os, 'nordpost-home').addons!;
    expect(home.find((a) => a.type === 'additional-instructions')?.max_length).toBe(100);
    expect(home.map((a) => a.type)).toEqual(
      expect.arrayContaining(['sms', 'email', 'entry-code', 'leave-outside-door']),
    );
    expect(byId(os, 'greenmile-bike').addons!.map((a) => a.type)).toContain('sustainable-packaging');
  });
});

describe('preview, full address and location search', () => {
  it('flags every option preview when only the country is known, and none with a full address', () => {
    const preview = build({ recipient: { country: 'SE' } });
    expect(preview.length).toBeGreaterThan(0);
    expect(preview.every((o) => o.preview)).toBe(true);
    const partial = build({ recipient: { country: 'SE', given_name: 'Alva', postal_code: '113 50' } });
    expect(partial.every((o) => o.preview)).toBe(true);
    expect(build().every((o) => !o.preview)).toBe(true);
  });

  it('answers a location search with locations near that postal code, different codes elsewhere', () => {
    const near = (postal: string) => build({ recipient: { country: 'SE', postal_code: postal } });
    const a = byId(near('411 05'), 'nordpost-ombud');
    const b = byId(near('971 00'), 'nordpost-ombud');
    expect(a.preview).toBe(true);
    expect(a.locations!.every((l) => l.address.postal_code === '411 05')).toBe(true);
    const centre = areaCentre({ countryCode: 'SE', postalCode: '411 05' }, COUNTRIES.SE!);
    for (const l of a.locations!) {
      expect(Math.abs(l.coordinates.lat - centre.lat)).toBeLessThan(0.02);
      expect(Math.abs(l.coordinates.lng - centre.lng)).toBeLessThan(0.03);
    }
    expect(a.locations![0]!.id).not.toBe(b.locations![0]!.id);
    // Spacing in the code does not move the area.
    const spaced = byId(near('41105'), 'nordpost-ombud').locations!;
    expect(spaced.map((l) => [l.id, l.coordinates])).toEqual(a.locations!.map((l) => [l.id, l.coordinates]));
  });

  it('gives shops weekday and date overrides, lockers always-open hours', () => {
    const os = build({}, Date.parse('2025-12-20T10:00:00Z'));
    const shop = byId(os, 'nordpost-ombud').locations![0]!.operational_hours!;
    expect(shop.default).toEqual([{ open: '09:00', close: expect.stringMatching(/^(18|20):00$/) }]);
    expect(shop.overrides?.weekday?.sat).toEqual([{ open: '10:00', close: '16:00' }]);
    expect(shop.overrides?.date).toMatchObject({
      '2025-12-24': [{ open: '10:00', close: '13:00' }],
      '2025-12-25': [],
    });
    expect(byId(os, 'boxly-locker').locations![0]!.operational_hours).toEqual({
      default: [{ always_open: true }],
    });
  });
});

describe('delivery times', () => {
  it('uses day intervals for parcels and exact ISO times for timeslots and express', () => {
    const os = build();
    expect(byId(os, 'nordpost-ombud').delivery_time).toEqual({ interval: { earliest: 1, latest: 3 } });
    const home = byId(os, 'nordpost-home');
    // Stockholm is UTC+1 in the catalogue: 17:00–21:00 local on the next working day (Wednesday).
    expect(home.timeslots![0]).toEqual({
      id: 'nordpost-home-20260311-1700',
      start: '2026-03-11T16:00:00Z',
      end: '2026-03-11T20:00:00Z',
    });
    expect(home.delivery_time).toEqual({ earliest: '2026-03-11T16:00:00Z', latest: '2026-03-11T20:00:00Z' });
    expect(byId(os, 'baltic-express-next-day').delivery_time).toEqual({
      earliest: '2026-03-11T08:00:00Z',
      latest: '2026-03-11T11:00:00Z',
      cutoff: '2026-03-10T15:00:00Z',
    });
  });

  it('moves express past the cut-off and timeslots past weekends', () => {
    const friEvening = Date.parse('2026-03-13T17:00:00Z');
    const os = build({}, friEvening);
    expect(byId(os, 'baltic-express-next-day').delivery_time).toMatchObject({
      cutoff: '2026-03-16T15:00:00Z',
      earliest: '2026-03-17T08:00:00Z',
    });
    expect(byId(os, 'nordpost-home').timeslots![0]!.start).toBe('2026-03-16T16:00:00Z');
  });
});

describe('tags, weight and free shipping', () => {
  it('is deterministic: the same request gives the same options', () => {
    expect(JSON.stringify(build())).toBe(JSON.stringify(build()));
  });

  it('bulky (order or line tag, or a long side) allows home delivery only, with freight', () => {
    for (const over of [
      { order: order({ tags: ['bulky'] }) },
      { order: order({ lines: [line(3000, ['BULKY'])] }) },
      {
        order: order({
          lines: [line(3000, [], { attributes: { weight: 3000, dimensions: { length: 2000 } } })],
        }),
      },
    ]) {
      const os = build(over);
      expect(types(os)).toEqual(['delivery-address']);
      expect(os.map((o) => o.id)).toContain('atlas-freight-home');
    }
  });

  it('fragile leaves lockers out; over 20 kg leaves lockers and letters out and adds freight', () => {
    expect(types(build({ order: order({ lines: [line(500, ['fragile'])] }) }))).not.toContain('pickup-box');
    const heavy = build({ order: order({ lines: [line(7000, [], { quantity: 3 })] }) });
    expect(types(heavy)).not.toContain('pickup-box');
    expect(types(heavy)).not.toContain('postal');
    expect(heavy.map((o) => o.id)).toContain('atlas-freight-home');
    expect(build().map((o) => o.id)).not.toContain('atlas-freight-home');
    expect(types(build({ order: order({ lines: [line(2500)] }) }))).not.toContain('postal');
  });

  it('makes eligible options free over the threshold, never express', () => {
    const rich = build({ order: order({ total_amount: 60_000, total_amount_without_shipping_fee: 60_000 }) });
    expect(byId(rich, 'nordpost-ombud').price).toBe(0);
    expect(byId(rich, 'nordpost-ombud').locations!.every((l) => l.price === 0)).toBe(true);
    expect(byId(rich, 'baltic-express-next-day').price).toBeGreaterThan(0);
    expect(byId(build({ order: order({ tags: ['free-shipping'] }) }), 'boxly-locker').price).toBe(0);
  });
});
