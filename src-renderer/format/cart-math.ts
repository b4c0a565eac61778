/**
 * The cart editor's arithmetic, the spec's identities: a line's total is quantity × unit_price − discount,
 * its tax is total − total × 10000 / (10000 + tax_rate), rounded; the order's totals are the lines' sums.
 * Amounts are integers in minor units; tax rates have two implicit decimals (2500 = 25 %).
 */

/** The tax included in a tax-inclusive amount, rounded to a whole minor unit. */
export function taxOf(total: number, taxRate: number): number {
  return Math.round(total - (total * 10000) / (10000 + taxRate));
}

export interface LineInput {
  quantity: number;
  unit_price: number;
  tax_rate: number;
  total_discount_amount: number;
}

/** A line's total_amount and total_tax_amount. */
export function lineAmounts(l: LineInput): { total_amount: number; total_tax_amount: number } {
  const total = l.quantity * l.unit_price - l.total_discount_amount;
  return { total_amount: total, total_tax_amount: taxOf(total, l.tax_rate) };
}

/** The order's totals from its lines. */
export function cartTotals(lines: ReadonlyArray<{ total_amount: number; total_tax_amount: number }>): {
  order_amount: number;
  order_tax_amount: number;
} {
  return {
    order_amount: lines.reduce((s, l) => s + l.total_amount, 0),
    order_tax_amount: lines.reduce((s, l) => s + l.total_tax_amount, 0),
  };
}

/**
 * Reads an amount typed in major units ("249.50", "249,50", "1 234") as minor units, for a currency with
 * `digits` decimals; null when it is not a number or has more decimals than the currency. Never via a float.
 */
export function parseMajor(text: string, digits: number): number | null {
  const t = text.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  const m = /^(-?)(\d*)(?:\.(\d*))?$/.exec(t);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return null;
  const fraction = m[3] ?? '';
  if (fraction.length > digits) return null;
  const minor = Number((m[2] || '0') + fraction.padEnd(digits, '0'));
  return m[1] === '-' ? -minor : minor;
}

/** Minor units as editable major-unit text: 25000, 2 → "250.00". */
export function toMajorText(minor: number, digits: number): string {
  const abs = Math.abs(minor)
    .toString()
    .padStart(digits + 1, '0');
  const text = digits === 0 ? abs : `${abs.slice(0, -digits)}.${abs.slice(-digits)}`;
  return minor < 0 ? `-${text}` : text;
}

/** Reads a tax rate typed in percent ("25", "12.5", "6,05") as the API's integer (2500, 1250, 605). */
export function parseTaxRate(text: string): number | null {
  const rate = parseMajor(text, 2);
  return rate === null || rate < 0 || rate > 10000 ? null : rate;
}

/** Reads a quantity: a whole number, zero or more. */
export function parseQuantity(text: string): number | null {
  const t = text.trim();
  return /^\d+$/.test(t) ? Number(t) : null;
}
