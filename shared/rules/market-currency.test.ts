import { describe, expect, it } from 'vitest';
import { currencyNote } from './market-currency';

describe("currencyNote: a purchase not in its country's own currency", () => {
  it("is silent when the currency is the country's own, in any letter case", () => {
    expect(currencyNote('SE', 'SEK')).toBeNull();
    expect(currencyNote('se', 'sek')).toBeNull();
    expect(currencyNote('DE', 'EUR')).toBeNull();
    expect(currencyNote('US', 'USD')).toBeNull();
  });

  it('is silent for a country whose currency it does not know', () => {
    expect(currencyNote('JP', 'USD')).toBeNull();
  });

  it("names the country's currency and the order's, and says card payment only is not simulated", () => {
    expect(currencyNote('se', 'gbp')).toBe(
      "SE's own currency is SEK but the order is in GBP: the real service then offers card payment only (not simulated: the simulated payment method stays offered)",
    );
  });

  it("knows each core market's own currency (euro countries included)", () => {
    const own: Record<string, string> = {
      AT: 'EUR',
      AU: 'AUD',
      BE: 'EUR',
      CA: 'CAD',
      CH: 'CHF',
      CZ: 'CZK',
      DE: 'EUR',
      DK: 'DKK',
      ES: 'EUR',
      FI: 'EUR',
      FR: 'EUR',
      GB: 'GBP',
      GR: 'EUR',
      IE: 'EUR',
      IT: 'EUR',
      NL: 'EUR',
      NO: 'NOK',
      PL: 'PLN',
      PT: 'EUR',
      SE: 'SEK',
      US: 'USD',
    };
    for (const [country, currency] of Object.entries(own)) {
      expect(currencyNote(country, currency), country).toBeNull();
      expect(currencyNote(country, 'XXX'), country).toContain(`own currency is ${currency} `);
    }
  });
});
