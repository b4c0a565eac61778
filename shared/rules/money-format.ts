import { currencyDigits, formatMinor } from './money';

/**
 * The one money formatter for people (issue 34 point 4): the console, the embedded checkout and the
 * scenario reports all write an order's amounts with it, in the order's `locale` and `purchase_currency`,
 * so one amount reads the same everywhere. (The sample shop imports nothing of the simulator: shop/ has its
 * own plain Intl call doing the same.)
 *
 * An amount in minor units as a locale writes it, the way the real checkout shows the order's `locale`:
 * `249,00 kr` for `sv-SE`, `€249.00` for `en-IE`. A locale or currency the runtime does not know falls back
 * to the simulator's plain form (`249.00 SEK`) rather than failing the page.
 *
 * @example formatMoneyIn(34800, 'SEK', 'sv-SE') // '348,00 kr' (no-break spaces)
 * @example formatMoneyIn(1234, 'JPY', 'en-US') // '¥1,234' (JPY has no minor unit)
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
