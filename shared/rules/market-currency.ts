/**
 * The local currency of the provider's core markets. A purchase in another currency (a GB order in GBP
 * whose customer moves to SE) is offered card payment only by the real service; the simulator, with one
 * payment method, says so in a note instead (docs/conformance.md, country_change).
 */
const LOCAL_CURRENCY: Readonly<Record<string, string>> = {
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

/** The note for a purchase whose currency is not its country's own, or null when it is (or is unknown). */
export function currencyNote(country: string, currency: string): string | null {
  const local = LOCAL_CURRENCY[country.toUpperCase()];
  if (local === undefined || local === currency.toUpperCase()) return null;
  return `${country.toUpperCase()}'s own currency is ${local} but the order is in ${currency.toUpperCase()}: the real service then offers card payment only (not simulated: the simulated payment method stays offered)`;
}
