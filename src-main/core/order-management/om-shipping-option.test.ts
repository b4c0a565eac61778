import { describe, expect, it } from 'vitest';
import { OmSelectedShippingOptionSchema } from '@shared/schemas/om-shipping-option.schema';
import { omShippingOption } from './om-shipping-option';
import { upgrade, type StoredOrder } from './om-doc';

// The checkout's option shape in, order management's out (the official SelectedShippingOptionDto).
const merchantOption = {
  id: 'express',
  name: 'Express',
  description: 'Tomorrow',
  price: 4900,
  tax_amount: 980,
  tax_rate: 2500,
  preselected: true,
  shipping_method: 'Home' as const,
};

const assistantOption = {
  ...merchantOption,
  id: 'pp',
  shipping_method: 'PickUpPoint' as const,
  type: 'pickup-point',
  carrier: 'postnord',
  class: 'standard',
  addons: [{ category: 'notification', type: 'sms', price: 0 }],
  tms_reference: 'shp_1',
  delivery_details: {
    carrier: 'PostNord',
    class: 'standard',
    product: { name: 'MyPack', identifier: 'P19' },
    timeslot: { id: 't1', start: '2026-01-02T08:00:00Z', end: '2026-01-02T10:00:00Z' },
    pickup_location: {
      id: 'L1',
      name: 'ICA Nära',
      address: { street_address: 'Gatan 1', postal_code: '41105', city: 'Göteborg', country: 'SE' },
    },
  },
  selected_addons: [{ type: 'sms', price: 0, external_id: 'SMS', user_input: '+4670' }],
};

describe('order management selected_shipping_option', () => {
  it("a merchant's option: method for shipping_method, no checkout-only fields", () => {
    const om = omShippingOption(merchantOption);
    expect(om).toEqual({
      id: 'express',
      name: 'Express',
      method: 'Home',
      price: 4900,
      tax_amount: 980,
      tax_rate: 2500,
    });
    expect(OmSelectedShippingOptionSchema.strict().safeParse(om).success).toBe(true);
  });

  it("the shipping assistant's choice: carrier, class, product, location, timeslot at the top level", () => {
    const om = omShippingOption(assistantOption);
    expect(om).toEqual({
      id: 'pp',
      name: 'Express',
      method: 'PickUpPoint',
      type: 'pickup-point',
      carrier: 'PostNord',
      class: 'standard',
      price: 4900,
      tax_amount: 980,
      tax_rate: 2500,
      location: assistantOption.delivery_details.pickup_location,
      timeslot: assistantOption.delivery_details.timeslot,
      carrier_product: { name: 'MyPack', identifier: 'P19' },
      tms_reference: 'shp_1',
      selected_addons: assistantOption.selected_addons,
    });
    expect(om.method).toBe('PickUpPoint');
  });

  it('is idempotent, so an order stored in the old shape reads in the new one', () => {
    const once = omShippingOption(assistantOption);
    expect(omShippingOption(once)).toEqual(once);
    const stored = {
      order_id: 'o1',
      selected_shipping_option: assistantOption,
    } as unknown as StoredOrder;
    expect(upgrade(stored).selected_shipping_option).toEqual(once);
  });
});
