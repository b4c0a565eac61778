import { formatMoneyIn } from '@shared/rules/money-format';
import { browserLocale } from './locale';

// The formatting rules live in shared/ so the simulator's messages and the console agree.
// formatMinor (`249.00 SEK`) is deliberately not re-exported: the console shows amounts to a person, in the
// browser's locale; machine-readable amounts (input fields) are written from minor units by their own code.
export { currencyDigits, formatTaxRate } from '@shared/rules/money';

/**
 * An amount in minor units for display, in the browser's locale (issue 24: "the console by the browser's
 * locale"): `SEK 249.00` in en-GB, `249,00 kr` in sv-SE, `¥1,234` for JPY (no decimals). The currency's own
 * number of decimals converts the minor units, not Intl's default for the locale.
 */
export function formatMoney(amount: number, currency: string, locale: string = browserLocale()): string {
  return formatMoneyIn(amount, currency, locale);
}
