import { describe, expect, it } from 'vitest';
import { currencyNote } from './market-currency';
import { MARKETS } from './markets';

describe('MARKETS', () => {
  it('lists the provider’s core markets', () => {
    expect(Object.keys(MARKETS).sort()).toEqual(['AT', 'DE', 'DK', 'FI', 'GB', 'NL', 'NO', 'SE', 'US']);
  });

  // What picking a country fills in must be an order the real service takes without a currency note.
  it.each(Object.entries(MARKETS))('%s: its own currency and a locale of the country', (country, market) => {
    expect(market.currency).toMatch(/^[A-Z]{3}$/);
    expect(currencyNote(country, market.currency)).toBeNull();
    expect(new Intl.Locale(market.locale).region).toBe(country);
  });
});
