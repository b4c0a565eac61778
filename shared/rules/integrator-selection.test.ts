import { describe, expect, it } from 'vitest';
import type { Addon, SelectedShippingOption, ShippingOption } from '../schemas/integrator.schema';
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

describe('selectedAddons: one offered add-on (spec § Add-on)', () => {
  const offer = (required: boolean, def?: boolean): Addon => ({
    category: 'delivery',
    type: 'door',
    required,
    ...(def === undefined ? {} : { default: def }),
  });
  it.each<[string, Addon, Addon['data'] | null, boolean]>([
    ['off by default, not chosen', offer(false, false), null, false],
    ['no default, not chosen', offer(false), null, false],
    ['on by default, not chosen', offer(false, true), null, true],
    ['on by default, chosen without a flag', offer(false, true), {}, true],
    ['off by default, chosen', offer(false, false), { selected: true }, true],
    ['on by default, deselected', offer(false, true), { selected: false }, false],
    ['required, deselected', offer(true, false), { selected: false }, true],
  ])('%s', (_, offered, data, selected) => {
    const chosen = data ? [{ category: 'delivery', type: 'door', data }] : [];
    expect(selectedAddons([offered], chosen)).toEqual(
      selected ? [data ? { ...offered, data } : offered] : [],
    );
  });

  it('reads an add-on chosen without data as not chosen', () => {
    expect(selectedAddons([offer(false, true)], [{ category: 'delivery', type: 'door' }])).toEqual([
      offer(false, true),
    ]);
  });

  it('reads the offer alone when nothing was chosen', () => {
    expect(selectedAddons([offer(false, true)])).toEqual([offer(false, true)]);
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

  it.each<[string, number, string[]]>([
    ['a text of max_length', 10, []],
    ['a text one over', 11, ['must be at most 10 characters, got 11']],
  ])('bounds the text: %s', (_, length, messages) => {
    const addons = [
      { category: 'delivery', type: 'additional-instructions', data: { text: 'x'.repeat(length) } },
    ];
    expect(selectionProblems(offered, chosen({ addons })).map((p) => p.message)).toEqual(messages);
  });

  it('takes a required add-on sent without a selected flag, and a text on an add-on with no bound', () => {
    const addons = [
      { category: 'notifications', type: 'sms', data: { text: 'x'.repeat(50) } },
      { category: 'notifications', type: 'email', data: { selected: true } },
    ];
    expect(selectionProblems(offered, chosen({ addons }))).toEqual([]);
  });

  it('checks the location only for the pickup types, whose options hold locations', () => {
    const home: ShippingOption = { ...offered, type: 'delivery-address', locations: undefined };
    expect(selectionProblems(home, chosen({ type: 'delivery-address', location: { id: 'L9' } }))).toEqual([]);
    const noList: ShippingOption = { ...offered, locations: undefined, timeslots: undefined };
    expect(selectionProblems(noList, chosen({ location: { id: 'L1' }, timeslot: { id: 'T1' } }))).toEqual([
      { path: 'selected_shipping_option.location.id', message: 'location L1 is not offered' },
      { path: 'selected_shipping_option.timeslot.id', message: 'timeslot T1 is not offered' },
    ]);
  });

  it('takes add-ons sent without data or text, and any of several locations and timeslots offered', () => {
    const two: ShippingOption = {
      ...offered,
      locations: [offered.locations![0]!, { ...offered.locations![0]!, id: 'L2' }],
      timeslots: [offered.timeslots![0]!, { ...offered.timeslots![0]!, id: 'T2' }],
    };
    const addons = [
      { category: 'notifications', type: 'sms' },
      { category: 'delivery', type: 'additional-instructions', data: { selected: true } },
    ];
    expect(
      selectionProblems(two, chosen({ addons, location: { id: 'L2' }, timeslot: { id: 'T2' } })),
    ).toEqual([]);
  });
});
