import { describe, expect, it } from 'vitest';
import type { CustomerNotice, CustomerView } from '@shared/schemas/customer.schema';
import { createEmitter, eventsBetween, firstTimeOnly, speaksOfChange, type ClientEventOut } from './events';
import { ANNA, HOME, view, withAddress } from '../test-kit/view-fixture';

const names = (events: ClientEventOut[]) => events.map((e) => e.event);
const find = (events: ClientEventOut[], name: string) => events.find((e) => e.event === name)?.data;

/** The events an accepted address fires, in order. */
const ADDRESS_ACCEPTED = ['customer', 'change', 'billing_address_change', 'shipping_address_change'];

/** `change` and both address events as they read with ANNA's address: the fields the documentation lists. */
function expectAnnasAddressEvents(events: ClientEventOut[]): void {
  expect(find(events, 'change')).toEqual({
    email: 'anna.andersson@example.se',
    postal_code: '11134',
    country: 'swe',
  });
  expect(find(events, 'billing_address_change')).toEqual({ postal_code: '11134', country: 'swe' });
  expect(find(events, 'shipping_address_change')).toEqual({ postal_code: '11134', country: 'swe' });
}

function notice(over: Partial<CustomerNotice>): CustomerNotice {
  return {
    step: 'complete',
    outcome: 'denied',
    text: 'No.',
    error_type: null,
    redirect_url: null,
    at: '2030-01-01T00:01:00.000Z',
    ...over,
  };
}

describe('eventsBetween: the first view', () => {
  it('is `load`, then `customer` and `change` with the defaults (the documentation fires both on load)', () => {
    expect(eventsBetween(null, view())).toEqual([
      { event: 'load', data: { customer: { type: 'person' }, shipping_address: { country: 'swe' } } },
      { event: 'customer', data: { type: 'person' } },
      { event: 'change', data: { email: '', postal_code: '', country: 'swe' } },
    ]);
  });

  it('adds both address events when the merchant prefilled the address, with the postal code in load', () => {
    const v = { ...withAddress(view()), address_entered: false, step: 'address' as const };
    const events = eventsBetween(null, v);
    expect(names(events)).toEqual(['load', ...ADDRESS_ACCEPTED]);
    expect(find(events, 'load')).toEqual({
      customer: { type: 'person' },
      shipping_address: { country: 'swe', postal_code: '11134' },
    });
    expectAnnasAddressEvents(events);
  });

  it('adds no address event for a country alone, and shipping_option_change for a preselected option', () => {
    const v = view({ billing_address: { country: 'SE' }, selected_shipping_option: HOME });
    const events = eventsBetween(null, v);
    expect(names(events)).toEqual(['load', 'customer', 'change', 'shipping_option_change']);
    expect(find(events, 'shipping_option_change')).toMatchObject({ id: 'home', price: 4900 });
  });

  it('is `load_confirmation` on a completed order (the confirmation snippet)', () => {
    expect(eventsBetween(null, view({ status: 'checkout_complete' }))).toEqual([
      { event: 'load_confirmation', data: {} },
    ]);
  });
});

describe('eventsBetween: changes', () => {
  const before = view();
  const after = withAddress(before);

  it('fires customer, change and both address events when the address is first accepted', () => {
    const events = eventsBetween(before, after);
    expect(names(events)).toEqual(ADDRESS_ACCEPTED);
    expect(find(events, 'customer')).toEqual({ type: 'person' });
    expectAnnasAddressEvents(events);
  });

  it('says organization when the billing address has an organization name', () => {
    const org = withAddress(before, { ...ANNA, organization_name: 'Andersson AB' });
    expect(find(eventsBetween(before, org), 'customer')).toEqual({ type: 'organization' });
  });

  it('fires only change when the e-mail changes, not the address events', () => {
    const moved = withAddress(before, { ...ANNA, email: 'anna@example.com' });
    const events = eventsBetween(after, moved);
    expect(names(events)).toEqual(['change']);
    expect(find(events, 'change')).toEqual({
      email: 'anna@example.com',
      postal_code: '11134',
      country: 'swe',
    });
  });

  it('fires nothing when only a name changes (change speaks of e-mail, postal code and country)', () => {
    const renamed = withAddress(before, { ...ANNA, given_name: 'Annika', family_name: 'Berg' });
    expect(eventsBetween(after, renamed)).toEqual([]);
  });

  it('fires shipping_address_change alone when only the shipping address moves', () => {
    const moved = withAddress(before, ANNA, { ...ANNA, postal_code: '411 36', city: 'Göteborg' });
    const events = eventsBetween(after, moved);
    expect(names(events)).toEqual(['shipping_address_change']);
    expect(find(events, 'shipping_address_change')).toEqual({ postal_code: '41136', country: 'swe' });
  });

  it('fires the address events with the new country after a country change', () => {
    const de: CustomerView = {
      ...after,
      purchase_country: 'DE',
      billing_address: { country: 'DE' },
      shipping_address: { country: 'DE' },
      address_entered: false,
      step: 'address',
    };
    const events = eventsBetween(after, de);
    expect(names(events)).toEqual(['change', 'billing_address_change', 'shipping_address_change']);
    expect(find(events, 'change')).toEqual({ email: '', postal_code: '', country: 'deu' });
    expect(find(events, 'shipping_address_change')).toEqual({ country: 'deu' });
  });

  it('fires shipping_option_change with the documented fields when another option is selected', () => {
    const picked = { ...after, selected_shipping_option: HOME };
    expect(eventsBetween(after, picked)).toEqual([
      {
        event: 'shipping_option_change',
        // HOME's fields but shipping_method, which the event does not carry.
        data: {
          id: HOME.id,
          name: HOME.name,
          description: HOME.description,
          price: 4900,
          tax_amount: 980,
          tax_rate: 2500,
        },
      },
    ]);
    // The same option again (a new price from the merchant) is no change of option.
    expect(eventsBetween(picked, { ...picked, selected_shipping_option: { ...HOME, price: 5900 } })).toEqual(
      [],
    );
  });

  it('fires order_total_change with the new total', () => {
    const more = { ...after, totals: { ...after.totals, total: 54900 } };
    expect(eventsBetween(after, more)).toEqual([
      { event: 'order_total_change', data: { order_total: 54900 } },
    ]);
  });

  it('fires can_not_complete_order once for a pay that was denied without a redirect, or failed', () => {
    const denied = { ...after, notice: notice({}) };
    expect(eventsBetween(after, denied)).toEqual([{ event: 'can_not_complete_order', data: {} }]);
    // The same notice again is no new failure.
    expect(eventsBetween(denied, { ...denied })).toEqual([]);
    const failed = { ...after, notice: notice({ outcome: 'failed', at: '2030-01-01T00:02:00.000Z' }) };
    expect(names(eventsBetween(denied, failed))).toEqual(['can_not_complete_order']);
  });

  it('does not fire can_not_complete_order for a denial with a redirect, or a refusal of another step', () => {
    const redirect = { ...after, notice: notice({ redirect_url: 'https://shop.test/sorry' }) };
    expect(eventsBetween(after, redirect)).toEqual([]);
    const address = { ...after, notice: notice({ step: 'address', outcome: 'rejected' }) };
    expect(names(eventsBetween(after, address))).not.toContain('can_not_complete_order');
  });

  it('fires checkbox_change with {key, checked} for each box the customer flipped', () => {
    const box = { key: 'merchant_checkbox', text: 'Newsletter', required: false, checked: false };
    const shown = { ...after, checkboxes: [box, { ...box, key: 'sms' }] };
    const flipped = {
      ...shown,
      checkboxes: [
        { ...box, checked: true },
        { ...box, key: 'sms' },
      ],
    };
    expect(eventsBetween(shown, flipped)).toEqual([
      { event: 'checkbox_change', data: { key: 'merchant_checkbox', checked: true } },
    ]);
    expect(eventsBetween(flipped, { ...flipped })).toEqual([]);
  });

  it('fires shipping_address_update_error ({}) when address_update refused or failed, once per answer', () => {
    const refused = { ...after, notice: notice({ step: 'address', outcome: 'rejected' }) };
    expect(eventsBetween(after, refused)).toEqual([{ event: 'shipping_address_update_error', data: {} }]);
    expect(eventsBetween(refused, { ...refused })).toEqual([]);
    const failed = {
      ...after,
      notice: notice({ step: 'address', outcome: 'failed', at: '2030-01-01T00:03:00.000Z' }),
    };
    expect(names(eventsBetween(refused, failed))).toEqual(['shipping_address_update_error']);
    // A merchant's redirect is no error.
    const redirected = {
      ...after,
      notice: notice({ step: 'address', outcome: 'redirected', redirect_url: 'https://shop.test/x' }),
    };
    expect(eventsBetween(after, redirected)).toEqual([]);
  });

  it('fires nothing when nothing the events speak of changed', () => {
    const same: CustomerView = {
      ...after,
      updated_at: '2030-01-01T01:00:00.000Z',
      warnings: ['something for the developer'],
      step: 'shipping',
      order_lines: [...after.order_lines],
      billing_address: { ...ANNA, street_address: 'Another street 1', phone: '+46 1' },
    };
    expect(eventsBetween(after, same)).toEqual([]);
  });
});

describe('speaksOfChange', () => {
  it('is true for the e-mail and postal code fields, false for names and the rest', () => {
    expect(speaksOfChange('billing_address.email')).toBe(true);
    expect(speaksOfChange('billing_address.postal_code')).toBe(true);
    expect(speaksOfChange('billing_address.given_name')).toBe(false);
    expect(speaksOfChange('billing_address.family_name')).toBe(false);
    expect(speaksOfChange('billing_address.street_address')).toBe(false);
  });
});

describe('firstTimeOnly', () => {
  it('lets load, user_interacted and redirect_initiated through once, and customer once per type', () => {
    const sent = new Set<string>();
    const once: ClientEventOut[] = [
      { event: 'load', data: {} },
      { event: 'customer', data: { type: 'person' } },
      { event: 'order_total_change', data: { order_total: 1 } },
    ];
    expect(names(firstTimeOnly(once, sent))).toEqual(['load', 'customer', 'order_total_change']);
    expect(names(firstTimeOnly(once, sent))).toEqual(['order_total_change']);
    expect(names(firstTimeOnly([{ event: 'customer', data: { type: 'organization' } }], sent))).toEqual([
      'customer',
    ]);
  });
});

describe('createEmitter', () => {
  it('delivers each event to the page and to the log, in order', () => {
    const page: string[] = [];
    const log: string[] = [];
    const emitter = createEmitter(
      (e) => page.push(e.event) > 0,
      (e) => log.push(e.event),
    );
    emitter.emit([{ event: 'load', data: {} }, { event: 'network_error' }]);
    emitter.emit([{ event: 'load', data: {} }]);
    expect(page).toEqual(['load', 'network_error']);
    expect(log).toEqual(['load', 'network_error']);
  });

  it('sends nothing at all when the page must not talk to its parent', () => {
    const log: string[] = [];
    createEmitter(null, (e) => log.push(e.event)).emit([{ event: 'load', data: {} }]);
    expect(log).toEqual([]);
  });
});

describe('createEmitter: change', () => {
  it('sends one change for the same payload in a row (the form, then the order taking it)', () => {
    const delivered: ClientEventOut[] = [];
    const emitter = createEmitter(
      (e) => delivered.push(e) > 0,
      () => undefined,
    );
    const a = { event: 'change' as const, data: { email: 'a@example.com' } };
    emitter.emit([a]);
    emitter.emit([a]);
    emitter.emit([{ event: 'change', data: { email: 'b@example.com' } }]);
    emitter.emit([a]);
    expect(delivered.map((e) => (e.data as { email: string }).email)).toEqual([
      'a@example.com',
      'b@example.com',
      'a@example.com',
    ]);
  });
});
