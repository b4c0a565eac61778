import { afterEach, describe, expect, it, vi } from 'vitest';
import { currencyDigits, formatMoney, formatTaxRate } from './money';

/** Intl separates with no-break spaces; the tests read them as plain ones. */
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formatMoney', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('writes minor units in the given locale, with the currency’s own decimals', () => {
    expect(plain(formatMoney(24900, 'SEK', 'sv-SE'))).toBe('249,00 kr');
    expect(plain(formatMoney(123456, 'SEK', 'sv-SE'))).toBe('1 234,56 kr');
    expect(plain(formatMoney(24900, 'SEK', 'en-GB'))).toBe('SEK 249.00');
    expect(formatMoney(24900, 'USD', 'en-US')).toBe('$249.00');
    expect(formatMoney(5, 'EUR', 'en-GB')).toBe('€0.05');
    // JPY has no minor unit: 1234 is ¥1,234, not ¥12.34; KWD has three decimals.
    expect(formatMoney(1234, 'JPY', 'en-US')).toBe('¥1,234');
    expect(plain(formatMoney(1234, 'KWD', 'en-GB'))).toBe('KWD 1.234');
    expect(plain(formatMoney(-1050, 'SEK', 'sv-SE'))).toBe('−10,50 kr');
  });

  it('uses the browser’s locale when none is given', () => {
    vi.stubGlobal('navigator', { language: 'sv-SE' });
    expect(plain(formatMoney(24900, 'SEK'))).toBe('249,00 kr');
    vi.stubGlobal('navigator', { language: 'en-US' });
    expect(formatMoney(24900, 'USD')).toBe('$249.00');
  });

  it('falls back to the plain form for a currency Intl cannot write', () => {
    expect(formatMoney(1234, 'XX1', 'en-GB')).toBe('12.34 XX1');
  });
});

describe('currencyDigits and formatTaxRate', () => {
  it('are the shared rules', () => {
    expect(currencyDigits('JPY')).toBe(0);
    expect(formatTaxRate(2500)).toBe('25\u00a0%');
  });
});
