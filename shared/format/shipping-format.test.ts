import { describe, expect, it } from 'vitest';
import {
  badgeName,
  fallbackCauseText,
  formatDeliveryTime,
  formatWindow,
  shippingTypeName,
} from './shipping-format';

describe('shippingTypeName', () => {
  it('names each spec shipping type as the selector shows it', () => {
    expect(shippingTypeName('pickup-point')).toBe('Pickup point');
    expect(shippingTypeName('pickup-box')).toBe('Parcel locker');
    expect(shippingTypeName('delivery-address')).toBe('Home delivery');
    expect(shippingTypeName('postal')).toBe('Postal delivery');
    expect(shippingTypeName('digital')).toBe('Digital delivery');
  });

  it('falls back to the checkout shipping_method, then to words from the id', () => {
    expect(shippingTypeName(undefined, 'BoxReg')).toBe('Parcel locker');
    expect(shippingTypeName(undefined, 'Home')).toBe('Home delivery');
    expect(shippingTypeName('drone-drop')).toBe('Drone drop');
    expect(shippingTypeName(undefined)).toBe('Shipping');
  });
});

describe('formatDeliveryTime', () => {
  it('shows day offsets as working days', () => {
    expect(formatDeliveryTime({ interval: { earliest: 1, latest: 2 } })?.text).toBe('1–2 working days');
    expect(formatDeliveryTime({ interval: { earliest: 1, latest: 1 } })?.text).toBe('1 working day');
    expect(formatDeliveryTime({ interval: { earliest: 3, latest: 3 } })?.text).toBe('3 working days');
    expect(formatDeliveryTime({ interval: { earliest: 0, latest: 0 } })?.text).toBe('Today');
    expect(formatDeliveryTime(undefined)).toBeNull();
  });

  it('writes a range in the plural, even one that ends at 1 ("0–1 working days")', () => {
    expect(formatDeliveryTime({ interval: { earliest: 0, latest: 1 } })?.text).toBe('0–1 working days');
  });

  it('writes days and times in the given locale, as the checkout does with the order’s', () => {
    const dt = { earliest: '2026-11-23T16:00:00Z', latest: '2026-11-23T20:00:00Z' };
    const at = (locale: string) => formatDeliveryTime(dt, { timeZone: 'Europe/Stockholm', locale })?.text;
    expect(at('sv-SE')).toBe('mån 23 nov., 17:00–21:00 CET');
    expect(at('de-DE')).toBe('Mo., 23. Nov., 17:00–21:00 CET');
    expect(at('en-US')).toBe('Mon, Nov 23, 05:00 PM–09:00 PM CET');
    // A locale the runtime cannot use writes as en-GB rather than failing the page.
    expect(at('not a locale')).toBe('Mon 23 Nov, 17:00–21:00 CET');
  });

  it('shows exact times in the buyer’s zone, converting UTC', () => {
    const dt = { earliest: '2026-11-23T16:00:00Z', latest: '2026-11-23T20:00:00Z' };
    expect(formatDeliveryTime(dt, { timeZone: 'UTC' })?.text).toBe('Mon 23 Nov, 16:00–20:00 UTC');
    expect(formatDeliveryTime(dt, { timeZone: 'Europe/Stockholm' })?.text).toBe(
      'Mon 23 Nov, 17:00–21:00 CET',
    );
    // In New York the same window starts and ends on Monday morning/afternoon local time.
    expect(formatDeliveryTime(dt, { timeZone: 'America/New_York' })?.text).toMatch(
      /^Mon 23 Nov, 11:00–15:00 (EST|GMT-5)$/,
    );
  });

  it('writes both dates when a window crosses midnight in the buyer’s zone, and the cut-off', () => {
    const dt = {
      earliest: '2026-11-23T22:30:00Z',
      latest: '2026-11-24T01:00:00Z',
      cutoff: '2026-11-22T15:00:00Z',
    };
    const shown = formatDeliveryTime(dt, { timeZone: 'UTC' });
    expect(shown?.text).toBe('Mon 23 Nov 22:30 – Tue 24 Nov 01:00 UTC');
    expect(shown?.cutoff).toBe('Order by Sun 22 Nov, 15:00 UTC');
    // 23:30–02:00 in Stockholm: still two days there.
    expect(formatDeliveryTime(dt, { timeZone: 'Europe/Stockholm' })?.text).toBe(
      'Mon 23 Nov 23:30 – Tue 24 Nov 02:00 CET',
    );
  });

  it('handles only one end of the window', () => {
    expect(formatWindow('2026-11-23T08:00:00Z', undefined, { timeZone: 'UTC' })).toBe(
      'from Mon 23 Nov, 08:00 UTC',
    );
    expect(formatWindow(undefined, '2026-11-23T12:00:00+01:00', { timeZone: 'UTC' })).toBe(
      'by Mon 23 Nov, 11:00 UTC',
    );
  });
});

describe('badges and fallback causes', () => {
  it('puts them in words', () => {
    expect(badgeName('eco')).toBe('Eco-friendly');
    expect(badgeName('fast-lane')).toBe('Fast lane');
    expect(fallbackCauseText('timeout')).toBe('the integrator did not answer in time');
    expect(fallbackCauseText(null)).toMatch(/could not be used/);
  });
});
