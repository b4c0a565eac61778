/**
 * The provider's core markets, each country with its currency and locale: what picking a country on the
 * create page fills in, and the countries explore can open a checkout in.
 */
export const MARKETS: Readonly<Record<string, { currency: string; locale: string }>> = {
  SE: { currency: 'SEK', locale: 'sv-SE' },
  NO: { currency: 'NOK', locale: 'nb-NO' },
  DK: { currency: 'DKK', locale: 'da-DK' },
  FI: { currency: 'EUR', locale: 'fi-FI' },
  DE: { currency: 'EUR', locale: 'de-DE' },
  AT: { currency: 'EUR', locale: 'de-AT' },
  NL: { currency: 'EUR', locale: 'nl-NL' },
  GB: { currency: 'GBP', locale: 'en-GB' },
  US: { currency: 'USD', locale: 'en-US' },
};
