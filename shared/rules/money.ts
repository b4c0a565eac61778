/** Money as people read it: amounts in minor units and tax rates with two implicit decimals. */
/** Narrow no-break space: groups thousands without letting a line break split an amount. */
const GROUP = '\u202f';
const MINUS = '\u2212';

const digitsCache = new Map<string, number>();

/** How many minor-unit digits a currency has (SEK 2, JPY 0, KWD 3); 2 when the code is unknown. */
export function currencyDigits(currency: string): number {
  const code = currency.toUpperCase();
  let digits = digitsCache.get(code);
  if (digits === undefined) {
    try {
      digits = new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions()
        .maximumFractionDigits;
    } catch {
      digits = 2;
    }
    digits ??= 2;
    digitsCache.set(code, digits);
  }
  return digits;
}

/**
 * Formats an amount in minor units, e.g. `123400, 'SEK'` → `1 234.00 SEK`.
 * Integer arithmetic throughout, so no amount is ever rounded through a float.
 */
export function formatMinor(amount: number, currency?: string): string {
  const digits = currency ? currencyDigits(currency) : 2;
  const negative = amount < 0;
  const abs = Math.abs(Math.trunc(amount))
    .toString()
    .padStart(digits + 1, '0');
  const major = abs.slice(0, abs.length - digits);
  const minor = abs.slice(abs.length - digits);
  const grouped = major.replace(/\B(?=(\d{3})+(?!\d))/g, GROUP);
  const number = `${negative ? MINUS : ''}${grouped}${digits > 0 ? '.' + minor : ''}`;
  return currency ? `${number} ${currency.toUpperCase()}` : number;
}

/** Formats a tax rate with two implicit decimals: 2500 → `25 %`, 1250 → `12.5 %`. */
export function formatTaxRate(rate: number): string {
  const whole = Math.trunc(rate / 100);
  const fraction = (Math.abs(rate) % 100).toString().padStart(2, '0').replace(/0+$/, '');
  return `${whole}${fraction ? '.' + fraction : ''}\u00a0%`;
}
