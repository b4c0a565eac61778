import type { Address, ShippingOption } from '@shared/schemas/checkout-order.schema';
import type { CustomerView } from '@shared/schemas/customer.schema';
import { SAMPLE_ORDER } from '@shared/samples/samples';
import { testPerson } from '@shared/samples/test-people';

/** A customer view as the tests start from: the sample order in Sweden, on the address step. */
export function view(over: Partial<CustomerView> = {}): CustomerView {
  return {
    order_id: 'order-1',
    status: 'checkout_incomplete',
    step: 'address',
    purchase_country: 'SE',
    purchase_currency: 'SEK',
    locale: 'sv-SE',
    countries: ['SE'],
    order_lines: structuredClone(SAMPLE_ORDER.order_lines) as CustomerView['order_lines'],
    order_amount: 50000,
    order_tax_amount: 10000,
    totals: { items: 50000, shipping: 0, shipping_added_at_completion: false, total: 50000, tax: 10000 },
    billing_address: null,
    shipping_address: null,
    address_entered: false,
    allow_separate_shipping_address: false,
    require_client_validation: false,
    checkboxes: [],
    shipping: {
      source: 'none',
      reason: null,
      fallback_cause: null,
      preview: false,
      no_options: false,
      digital_banner: false,
      options: [],
      selection: null,
      failure_reason: null,
    },
    selected_shipping_option: null,
    notice: null,
    warnings: [],
    terms_url: 'https://example.com/terms',
    cancellation_terms_url: null,
    arrival_choice: null,
    confirmation: null,
    expires_at: '2030-01-03T00:00:00.000Z',
    updated_at: '2030-01-01T00:00:00.000Z',
    ...over,
  };
}

/** Sweden's first test person (the console's and the shop's too). */
export const ANNA: Address = { ...testPerson('SE') };

/** The view once Anna's address is accepted. */
export function withAddress(v: CustomerView, a: Address = ANNA, shipping: Address = a): CustomerView {
  return { ...v, billing_address: a, shipping_address: shipping, address_entered: true, step: 'pay' };
}

export const HOME: ShippingOption = {
  id: 'home',
  name: 'Home delivery',
  description: 'Next working day',
  price: 4900,
  tax_amount: 980,
  tax_rate: 2500,
  shipping_method: 'Home',
};

export const PICKUP: ShippingOption = {
  id: 'pickup',
  name: 'Pickup point',
  price: 0,
  tax_amount: 0,
  tax_rate: 2500,
  preselected: true,
};

/** An integrator's pickup option, with two locations and an SMS add-on. */
export const LOCKER: ShippingOption = {
  id: 'boxly-locker',
  type: 'pickup-box',
  carrier: 'boxly',
  name: 'Boxly Parcel Locker',
  price: 0,
  tax_amount: 0,
  tax_rate: 2500,
  preview: false,
  shipping_method: 'BoxReg',
  delivery_time: { interval: { earliest: 1, latest: 2 } },
  locations: [
    {
      id: 'box-1',
      name: 'Boxly Hamntorget 18',
      price: 0,
      address: { street_address: 'Hamntorget 18', postal_code: '111 34', city: 'Stockholm', country: 'SE' },
      coordinates: { lat: 59.3, lng: 18.0 },
      operational_hours: { default: [{ always_open: true }] },
    },
    {
      id: 'box-2',
      name: 'Boxly Lindgatan 15',
      price: 1000,
      address: { street_address: 'Lindgatan 15', postal_code: '111 34', city: 'Stockholm', country: 'SE' },
      coordinates: { lat: 59.31, lng: 18.01 },
    },
  ],
  addons: [{ category: 'notifications', type: 'sms', required: true, default: true }],
};

/** An integrator's home delivery with timeslots and a priced, optional add-on. */
export const EVENING: ShippingOption = {
  id: 'nordpost-home',
  type: 'delivery-address',
  carrier: 'nordpost',
  name: 'Nordpost Home Evening',
  price: 0,
  tax_amount: 0,
  tax_rate: 2500,
  preview: false,
  shipping_method: 'Home',
  timeslots: [
    { id: 'slot-1', start: '2030-01-02T16:00:00Z', end: '2030-01-02T20:00:00Z' },
    { id: 'slot-2', start: '2030-01-03T16:00:00Z', end: '2030-01-03T20:00:00Z', price: 500 },
  ],
  addons: [
    { category: 'delivery', type: 'entry-code', required: false, default: false, max_length: 12 },
    { category: 'delivery', type: 'leave-outside-door', required: false, default: false, price: 1300 },
  ],
};
