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
    // Stated apart from the module's table: the euro members among the core markets, and the others,
    // each of whose ISO 4217 code begins with its ISO 3166 country code (SEK for SE, USD for US).
    const euro = ['AT', 'BE', 'DE', 'ES', 'FI', 'FR', 'GR', 'IE', 'IT', 'NL', 'PT'];
    const national = ['AUD', 'CAD', 'CHF', 'CZK', 'DKK', 'GBP', 'NOK', 'PLN', 'SEK', 'USD'];
    const own = [
      ...euro.map((country): [string, string] => [country, 'EUR']),
      ...national.map((currency): [string, string] => [currency.slice(0, 2), currency]),
    ];
    expect(own).toHaveLength(21);
    for (const [country, currency] of own) {
      expect(currencyNote(country, currency), country).toBeNull();
      expect(currencyNote(country, 'XXX'), country).toContain(`own currency is ${currency} `);
    }
  });
});
