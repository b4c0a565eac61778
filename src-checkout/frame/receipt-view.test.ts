import { describe, expect, it } from 'vitest';
import { selectionSummary } from './receipt-view';
import { integratorFields } from './shipping-view';
import { EVENING, HOME, LOCKER, view, withAddress } from '../test-kit/view-fixture';

const base = withAddress(view());

describe('selectionSummary', () => {
  it("is empty for a merchant's option", () => {
    expect(selectionSummary({ ...base, selected_shipping_option: HOME })).toEqual([]);
  });

  it('names the pickup location as the selected option carries it', () => {
    const selected = {
      ...LOCKER,
      location: {
        id: 'box-2',
        name: 'Boxly Lindgatan 15',
        address: integratorFields(LOCKER)!.locations[1]!.address,
      },
      addons: [{ category: 'notifications', type: 'sms', data: { selected: true, text: '+46 70 1' } }],
    };
    expect(selectionSummary({ ...base, selected_shipping_option: selected })).toEqual([
      'Pickup: Boxly Lindgatan 15, Lindgatan 15, 111 34 Stockholm',
      'Extras: SMS notice (+46 70 1)',
    ]);
  });

  it('finds the timeslot from the selection when the option does not carry it', () => {
    const v = {
      ...base,
      selected_shipping_option: { ...EVENING, timeslots: undefined, addons: undefined },
      shipping: {
        ...base.shipping,
        options: [EVENING],
        selection: {
          id: EVENING.id,
          location_id: null,
          timeslot_id: 'slot-2',
          addons: [{ category: 'delivery', type: 'leave-outside-door', data: { selected: true } }],
        },
      },
    };
    const lines = selectionSummary(v);
    expect(lines[0]).toMatch(/^Delivery: .*3 Jan.*16:00–20:00/);
    expect(lines[1]).toBe('Extras: Leave outside the door');
  });
});
