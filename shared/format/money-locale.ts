import { currencyDigits, formatMinor } from '../rules/money';

/**
 * An amount in minor units as a locale writes it, the way the real checkout shows the order's `locale`:
 * `249,00 kr` for `sv-SE`, `€249.00` for `en-IE`. A locale or currency the runtime does not know falls back
 * to the simulator's plain form (`249.00 SEK`) rather than failing the page.
 */
export function formatMoneyIn(amount: number, currency: string, locale: string): string {
  const digits = currencyDigits(currency);
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: currency.toUpperCase(),
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(amount / 10 ** digits);
  } catch {
    return formatMinor(amount, currency);
  }
}
