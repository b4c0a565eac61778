import { describe, expect, it } from 'vitest';
import {
  AuthRequestSchema,
  DeliveryTimeSchema,
  OperationalHoursSchema,
  ShipmentResponseSchema,
  ShippingOptionSchema,
  ShippingOptionsRequestSchema,
} from './integrator.schema';
import { IntegratorFaultsSchema, NO_FAULTS } from './integrator-sim.schema';

const option = {
  id: 'o',
  type: 'delivery-address',
  carrier: 'c',
  name: 'Home',
  price: 4900,
  tax_rate: 2500,
  preview: false,
};

describe('integrator schemas', () => {
  it('requires a 64-hex digest (either case) in the auth request', () => {
    const ok = { identifier: 'i', secret: { nonce: 'n', digest: 'aB'.repeat(32) } };
    expect(AuthRequestSchema.safeParse(ok).success).toBe(true);
    expect(AuthRequestSchema.safeParse({ ...ok, secret: { nonce: 'n', digest: 'abc' } }).success).toBe(false);
  });

  it('accepts a preview request with only the country, keeps unknown fields, refuses a bad session id', () => {
    const req = {
      session_id: '6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
      locale: 'sv-SE',
      currency: 'SEK',
      geoblocking: false,
      recipient: { country: 'SE' },
      order: { total_amount: 1, total_tax: 0, extra: 1 },
    };
    const parsed = ShippingOptionsRequestSchema.parse(req);
    expect(parsed.order).toHaveProperty('extra', 1);
    expect(ShippingOptionsRequestSchema.safeParse({ ...req, session_id: 'x' }).success).toBe(false);
  });

  it('requires price, tax_rate and preview on an option, and locations on pickup types', () => {
    expect(ShippingOptionSchema.safeParse(option).success).toBe(true);
    const { price: _p, ...noPrice } = option;
    expect(ShippingOptionSchema.safeParse(noPrice).success).toBe(false);
    expect(ShippingOptionSchema.safeParse({ ...option, type: 'pickup-box' }).success).toBe(false);
    expect(ShippingOptionSchema.safeParse({ ...option, type: 'teleport' }).success).toBe(false);
  });

  it('takes both delivery time forms and refuses a backwards interval', () => {
    expect(DeliveryTimeSchema.safeParse({ interval: { earliest: 1, latest: 3 } }).success).toBe(true);
    expect(
      DeliveryTimeSchema.safeParse({ earliest: '2026-01-02T16:00:00Z', cutoff: '2026-01-01T15:00:00+01:00' })
        .success,
    ).toBe(true);
    expect(DeliveryTimeSchema.safeParse({ interval: { earliest: 3, latest: 1 } }).success).toBe(false);
    expect(DeliveryTimeSchema.safeParse({ earliest: 'tomorrow' }).success).toBe(false);
  });

  it('takes hours with only overrides, refuses an empty object and a bad time', () => {
    expect(
      OperationalHoursSchema.safeParse({
        overrides: { weekday: { mon: [{ open: '08:00', close: '17:00' }] } },
      }).success,
    ).toBe(true);
    expect(OperationalHoursSchema.safeParse({}).success).toBe(false);
    expect(OperationalHoursSchema.safeParse({ default: [{ open: '8', close: '17:00' }] }).success).toBe(
      false,
    );
  });

  it('requires the shipment id and carrier product, allows a missing tracking id', () => {
    const s = {
      shipment_id: 's',
      selected_shipping_option: {
        carrier: 'c',
        carrier_product: { name: 'n', identifier: 'i', addon_identifiers: [] },
      },
      shipments: [{ carrier: 'c' }],
    };
    expect(ShipmentResponseSchema.safeParse(s).success).toBe(true);
    expect(ShipmentResponseSchema.safeParse({ ...s, shipment_id: undefined }).success).toBe(false);
  });

  it('fills every fault switch off from an empty body', () => {
    expect(IntegratorFaultsSchema.parse({})).toEqual(NO_FAULTS);
    expect(NO_FAULTS.auth).toMatchObject({ reject_credentials: false, latency_ms: 0, status_5xx: null });
  });
});
