import { describe, expect, it } from 'vitest';
import type { CustomerShipping } from '@shared/schemas/customer.schema';
import {
  choiceInput,
  hasChoices,
  initialChoice,
  initialOptionId,
  integratorFields,
  keepsChoice,
  keptOptionText,
  optionDetails,
  shippingBanners,
  splitChoiceProblems,
} from './shipping-view';
import { setOrderLocale } from './format';
import { EVENING, HOME, LOCKER, PICKUP } from '../test-kit/view-fixture';

const shipping = (over: Partial<CustomerShipping>): CustomerShipping => ({
  source: 'integrator',
  reason: null,
  fallback_cause: null,
  preview: false,
  no_options: false,
  digital_banner: false,
  options: [LOCKER],
  selection: null,
  failure_reason: null,
  ...over,
});

describe('integratorFields', () => {
  it("is null for the merchant's options", () => {
    expect(integratorFields(HOME)).toBeNull();
  });

  it("reads an integrator option's locations, timeslots and add-ons", () => {
    const t = integratorFields(LOCKER)!;
    expect(t.carrier).toBe('boxly');
    expect(t.locations.map((l) => l.id)).toEqual(['box-1', 'box-2']);
    expect(t.addons.map((a) => a.type)).toEqual(['sms']);
    expect(t.timeslots).toEqual([]);
  });

  it('keeps locations of pickup types only', () => {
    const t = integratorFields({ ...EVENING, locations: LOCKER.locations })!;
    expect(t.locations).toEqual([]);
  });
});

describe('hasChoices', () => {
  it('is true for options that ask for a location, a time or add-ons', () => {
    expect(hasChoices(integratorFields(LOCKER))).toBe(true);
    expect(hasChoices(integratorFields(EVENING))).toBe(true);
    expect(hasChoices(integratorFields(HOME))).toBe(false);
    expect(hasChoices(integratorFields({ ...EVENING, timeslots: [], addons: [] }))).toBe(false);
  });
});

describe('optionDetails', () => {
  it("shows a merchant option's description", () => {
    expect(optionDetails(HOME, null)).toEqual(['Next working day']);
  });

  it("shows an integrator option's carrier, kind and delivery time", () => {
    expect(optionDetails(LOCKER, integratorFields(LOCKER))).toEqual([
      'Boxly · Parcel locker',
      '1–2 working days',
    ]);
  });
});

describe('an exact delivery time in the order’s locale', () => {
  const exact = {
    ...LOCKER,
    delivery_time: { earliest: '2030-01-02T16:00:00Z', latest: '2030-01-02T20:00:00Z' },
  };
  it('writes days and times as the order’s locale does, en-GB without one', () => {
    try {
      setOrderLocale('sv-SE');
      expect(optionDetails(exact, integratorFields(exact))[1]).toMatch(
        /^(ons|tors) \d+ jan\., \d\d:\d\d–\d\d:\d\d /,
      );
      setOrderLocale('en-US');
      expect(optionDetails(exact, integratorFields(exact))[1]).toMatch(
        /^(Wed|Thu), Jan \d+, \d\d:\d\d [AP]M–/,
      );
    } finally {
      setOrderLocale(null);
    }
    expect(optionDetails(exact, integratorFields(exact))[1]).toMatch(/^(Wed|Thu) \d+ Jan, \d\d:\d\d–/);
  });
});

describe('initialChoice and choiceInput', () => {
  it('starts on the nearest location and the required add-on, and sends them', () => {
    const t = integratorFields(LOCKER)!;
    const d = initialChoice(LOCKER.id, t, null, { phone: '+46 70 1', email: 'a@b.se' });
    expect(d.locationId).toBe('box-1');
    expect(choiceInput(LOCKER.id, t, d)).toEqual({
      id: 'boxly-locker',
      location_id: 'box-1',
      addons: [{ type: 'sms', data: { selected: true, text: '+46 70 1' } }],
    });
  });

  it('starts on an earlier choice of the same option while it is offered', () => {
    const t = integratorFields(EVENING)!;
    const earlier = {
      id: EVENING.id,
      location_id: null,
      timeslot_id: 'slot-2',
      addons: [{ category: 'delivery', type: 'leave-outside-door', data: { selected: true } }],
    };
    const d = initialChoice(EVENING.id, t, earlier, {});
    expect(d.timeslotId).toBe('slot-2');
    expect(choiceInput(EVENING.id, t, d)).toEqual({
      id: 'nordpost-home',
      timeslot_id: 'slot-2',
      addons: [
        { type: 'entry-code', data: { selected: false } },
        { type: 'leave-outside-door', data: { selected: true } },
      ],
    });
    // Another option's choice does not carry over.
    expect(initialChoice(EVENING.id, t, { ...earlier, id: 'other' }, {}).timeslotId).toBe('slot-1');
  });

  it("sends only the id for a merchant's option", () => {
    expect(choiceInput('home', null, null)).toEqual({ id: 'home' });
  });
});

describe('initialOptionId', () => {
  it('is the selected option, else the preselected one, else the first pickable', () => {
    expect(initialOptionId([HOME, PICKUP], ['home'])).toBe('home');
    expect(initialOptionId([HOME, PICKUP], [null])).toBe('pickup');
    expect(initialOptionId([{ ...LOCKER, preview: true }, EVENING], [])).toBe('nordpost-home');
    expect(initialOptionId([], [])).toBe('');
  });
});

describe('shippingBanners', () => {
  it('says why the fallback options show', () => {
    const b = shippingBanners(shipping({ source: 'fallback', fallback_cause: 'timeout' }), true);
    expect(b.map((x) => x.key)).toEqual(['fallback']);
    expect(b[0]!.text).toContain('the integrator did not answer in time');
  });

  it('has the digital banner, the empty list and the failure reason', () => {
    const b = shippingBanners(
      shipping({ digital_banner: true, no_options: true, failure_reason: 'The locker is full' }),
      true,
    );
    expect(b.map((x) => x.key)).toEqual(['failure', 'digital', 'no-options']);
    expect(b[0]!.text).toContain('The locker is full');
    expect(b[1]!.title).toBe('Your order is delivered digitally');
  });

  it('marks preview options as estimates until the address is entered', () => {
    expect(shippingBanners(shipping({ preview: true }), false).map((x) => x.key)).toEqual(['preview']);
    expect(shippingBanners(shipping({ preview: true }), true)).toEqual([]);
    expect(shippingBanners(shipping({}), true)).toEqual([]);
  });
});

describe('splitChoiceProblems', () => {
  it('puts add-on problems under their add-on and keeps the rest', () => {
    const split = splitChoiceProblems([
      { path: 'addons[1].data.text', message: 'must be at most 12 characters, got 13' },
      { path: 'timeslot_id', message: 'timeslot x is not offered' },
    ]);
    expect([...split.byAddon]).toEqual([[1, 'must be at most 12 characters, got 13']]);
    expect(split.other).toEqual(['timeslot x is not offered']);
  });
});

describe('keepsChoice', () => {
  it('keeps the click only when the step applied it; the order’s option shows after anything else', () => {
    expect(keepsChoice({ outcome: 'applied' })).toBe(true);
    for (const outcome of ['failed', 'rejected', 'redirected'])
      expect(keepsChoice({ outcome }), outcome).toBe(false);
    // A refusal (out of order, a network failure) with no add-on to correct.
    expect(keepsChoice({ problems: [] })).toBe(false);
    expect(keepsChoice({ problems: [{ path: 'id', message: 'no such option' }] })).toBe(false);
    // The simulator refused an add-on's value: the customer corrects it in place.
    expect(keepsChoice({ problems: [{ path: 'addons[0].data.text', message: 'too long' }] })).toBe(true);
  });

  it('says which option the order still holds', () => {
    expect(keptOptionText({ name: 'Standard' })).toBe(
      'Your delivery was not changed: Standard is still selected.',
    );
    expect(keptOptionText(null)).toBe('Your delivery was not changed: no option is selected yet.');
  });
});
