import { describe, expect, it } from 'vitest';
import type { SelectedShippingOption, ShippingOption } from '../schemas/integrator.schema';
import { selectedAddons, selectionProblems } from './integrator-selection';

const offered: ShippingOption = {
  id: 'p',
  type: 'pickup-point',
  carrier: 'c',
  name: 'P',
  price: 100,
  tax_rate: 2500,
  preview: false,
  locations: [
    {
      id: 'L1',
      name: 'Shop',
      price: 100,
      address: { street_address: 's', postal_code: '1', city: 'c', country: 'SE' },
      coordinates: { lat: 1, lng: 2 },
    },
  ],
  timeslots: [{ id: 'T1', start: '2026-01-02T16:00:00Z', end: '2026-01-02T20:00:00Z' }],
  addons: [
    { category: 'notifications', type: 'sms', required: true, default: true },
    { category: 'notifications', type: 'email', required: false, default: true },
    {
      category: 'delivery',
      type: 'additional-instructions',
      required: false,
      default: false,
      max_length: 10,
    },
  ],
};
const chosen = (over: Partial<SelectedShippingOption> = {}): SelectedShippingOption => ({
  id: 'p',
  name: 'P',
  type: 'pickup-point',
  carrier: 'c',
  price: 100,
  tax_rate: 2500,
  valid: true,
  ...over,
});

describe('selectedAddons', () => {
  it('keeps required add-ons, applies defaults, and takes the customer data', () => {
    const picked = selectedAddons(offered.addons!, [
      { category: 'notifications', type: 'email', data: { selected: false } },
      { category: 'delivery', type: 'additional-instructions', data: { selected: true, text: 'gate' } },
    ]);
    expect(picked.map((a) => a.type)).toEqual(['sms', 'additional-instructions']);
    expect(picked[1]!.data).toEqual({ selected: true, text: 'gate' });
  });
});

describe('selectionProblems', () => {
  it('accepts a valid choice', () => {
    expect(selectionProblems(offered, chosen({ location: { id: 'L1' }, timeslot: { id: 'T1' } }))).toEqual(
      [],
    );
  });

  it('names each problem: required add-on off, text too long, unknown add-on, location and timeslot', () => {
    const problems = selectionProblems(
      offered,
      chosen({
        location: { id: 'L9' },
        timeslot: { id: 'T9' },
        addons: [
          { category: 'notifications', type: 'sms', data: { selected: false } },
          {
            category: 'delivery',
            type: 'additional-instructions',
            data: { selected: true, text: 'x'.repeat(11) },
          },
          { category: 'delivery', type: 'teleport' },
        ],
      }),
    );
    expect(problems).toEqual([
      { path: 'selected_shipping_option.addons[0].data.selected', message: 'add-on sms is required' },
      {
        path: 'selected_shipping_option.addons[1].data.text',
        message: 'must be at most 10 characters, got 11',
      },
      { path: 'selected_shipping_option.addons[2].type', message: 'add-on teleport is not offered' },
      { path: 'selected_shipping_option.location.id', message: 'location L9 is not offered' },
      { path: 'selected_shipping_option.timeslot.id', message: 'timeslot T9 is not offered' },
    ]);
  });
});
