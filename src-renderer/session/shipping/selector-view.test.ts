import { describe, expect, it } from 'vitest';
import { type ShippingOption as CheckoutOption } from '@shared/schemas/checkout-order.schema';
import { type ShippingState } from '@shared/schemas/shipping-assistant.schema';
import { initialOptionId, pickOffered, selectorBanners, shownOptions } from './selector-view';

const state = (over: Partial<ShippingState>): ShippingState => ({
  source: 'integrator',
  reason: null,
  fallback_cause: null,
  request: 'full',
  no_options: false,
  digital_banner: false,
  allow_separate_shipping_address: true,
  session_id: '7c83ac66-aad9-459e-a0e1-cfacf32a2b6e',
  request_key: null,
  selection: null,
  shipment: null,
  failure_reason: null,
  exchange_ids: [],
  updated_at: '2026-11-21T16:00:00Z',
  ...over,
});

const tms = (id: string, preview: boolean): CheckoutOption => ({
  id,
  name: id,
  price: 0,
  tax_amount: 0,
  tax_rate: 2500,
  type: 'postal',
  carrier: 'nordpost',
  preview,
});

describe('shownOptions', () => {
  it('keeps the integrator’s fields and order, and marks previews', () => {
    const merchant: CheckoutOption = {
      id: 'm',
      name: 'Merchant',
      price: 4900,
      tax_amount: 980,
      tax_rate: 2500,
    };
    const shown = shownOptions([tms('b', true), tms('a', false), merchant]);
    expect(shown.map((o) => [o.id, o.preview, o.tms?.carrier ?? null])).toEqual([
      ['b', true, 'nordpost'],
      ['a', false, 'nordpost'],
      ['m', false, null],
    ]);
  });
});

describe('initialOptionId and pickOffered', () => {
  const shown = shownOptions([tms('p', true), tms('a', false), tms('b', false)]);
  it('starts on an earlier choice still offered, else the first that can be picked', () => {
    expect(initialOptionId(shown, ['b'])).toBe('b');
    expect(initialOptionId(shown, ['gone', undefined])).toBe('a');
    expect(initialOptionId(shown, ['p'])).toBe('a');
    expect(initialOptionId(shownOptions([tms('p', true)]), [])).toBe('');
  });
  it('keeps an earlier location or timeslot while offered', () => {
    expect(pickOffered([{ id: 'x' }, { id: 'y' }], 'y')).toBe('y');
    expect(pickOffered([{ id: 'x' }, { id: 'y' }], 'z')).toBe('x');
    expect(pickOffered(undefined, 'z')).toBe('');
  });
});

describe('selectorBanners', () => {
  const keys = (s: ShippingState, n = 3) => selectorBanners(s, n).map((b) => b.key);

  it('says preview while only the country is known', () => {
    const [b] = selectorBanners(state({ request: 'preview' }), 3);
    expect(b?.title).toBe('Preview — enter your address for exact options');
    expect(keys(state({}))).toEqual([]);
  });

  it('says why the fallback shows, in words and with the reason', () => {
    const [b] = selectorBanners(
      state({ source: 'fallback', fallback_cause: 'timeout', reason: 'no answer within 10000 ms' }),
      1,
    );
    expect(b?.key).toBe('fallback');
    expect(b?.text).toContain('the integrator did not answer in time (no answer within 10000 ms)');
  });

  it('tells the empty list apart from a fallback, and shows the digital and failure banners', () => {
    expect(keys(state({ no_options: true, request: 'preview' }), 0)).toEqual(['no-options']);
    expect(keys(state({ source: 'digital', digital_banner: true, request: null }), 1)).toEqual(['digital']);
    expect(keys(state({ digital_banner: true, failure_reason: 'shipment refused' }))).toEqual([
      'failure',
      'digital',
    ]);
  });
});
