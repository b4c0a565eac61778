import { formatTaxRate } from '../format/money';

/** A key whose number is an amount in minor units (`order_total`, `price`, `tax_amount`, …). */
const MONEY_KEY = /(^|_)(total|amount|price)$/;

/**
 * What a client-side event told the merchant's page, for a person (issue 34 point 4): its top-level
 * fields as `key: value`, amounts written in the order's locale and currency by `money`, tax rates as
 * percentages; a body that is no JSON object is shown as it is. The raw body stays one click away.
 *
 * @example eventWords('{"order_total":34800}', fmt) // 'order_total: 348,00 kr' with fmt for sv-SE SEK
 */
export function eventWords(body: string, money: (minor: number) => string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return body;
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return body;
  return Object.entries(parsed as Record<string, unknown>)
    .map(([key, value]) => `${key}: ${valueWords(key, value, money)}`)
    .join(' · ');
}

function valueWords(key: string, value: unknown, money: (minor: number) => string): string {
  if (typeof value === 'number' && Number.isInteger(value) && MONEY_KEY.test(key)) return money(value);
  if (typeof value === 'number' && key === 'tax_rate') return formatTaxRate(value);
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}
