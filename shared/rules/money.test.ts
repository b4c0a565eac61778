import { describe, expect, it } from 'vitest';
import { currencyDigits, formatMinor, formatTaxRate } from './money';

const NNBSP = '\u202f';

describe('formatMinor', () => {
  it('formats minor units with the currency code', () => {
    expect(formatMinor(50000, 'SEK')).toBe('500.00 SEK');
    expect(formatMinor(0, 'SEK')).toBe('0.00 SEK');
    expect(formatMinor(5, 'EUR')).toBe('0.05 EUR');
    expect(formatMinor(99, 'usd')).toBe('0.99 USD');
  });

  it('groups thousands with a narrow no-break space', () => {
    expect(formatMinor(123400, 'SEK')).toBe(`1${NNBSP}234.00 SEK`);
    expect(formatMinor(123456789012, 'NOK')).toBe(`1${NNBSP}234${NNBSP}567${NNBSP}890.12 NOK`);
  });

  it('writes negative amounts (discount lines) with a minus sign', () => {
    expect(formatMinor(-1050, 'SEK')).toBe('\u221210.50 SEK');
  });

  it('follows the currency’s number of decimals', () => {
    expect(formatMinor(1234, 'JPY')).toBe(`1${NNBSP}234 JPY`);
    expect(formatMinor(1234, 'KWD')).toBe('1.234 KWD');
  });

  it('falls back to two decimals for unknown currencies and when none is given', () => {
    expect(formatMinor(1234, 'XX1')).toBe('12.34 XX1');
    expect(formatMinor(1234)).toBe('12.34');
  });
});

describe('currencyDigits', () => {
  it('knows the usual currencies', () => {
    expect(currencyDigits('SEK')).toBe(2);
    expect(currencyDigits('jpy')).toBe(0);
  });
});

describe('formatTaxRate', () => {
  it('reads two implicit decimals', () => {
    expect(formatTaxRate(2500)).toBe('25\u00a0%');
    expect(formatTaxRate(1250)).toBe('12.5\u00a0%');
    expect(formatTaxRate(605)).toBe('6.05\u00a0%');
    expect(formatTaxRate(0)).toBe('0\u00a0%');
  });
});

describe('amounts that are not whole minor units, and rates below one percent', () => {
  it('drops a fraction of a minor unit instead of rounding it through a float', () => {
    expect(formatMinor(1234.9, 'SEK')).toBe('12.34 SEK');
    expect(formatMinor(-0.5, 'SEK')).toBe('\u22120.00 SEK');
  });

  it('groups whole units only, from the right', () => {
    expect(formatMinor(100000, 'SEK')).toBe(`1${NNBSP}000.00 SEK`);
    expect(formatMinor(99999, 'SEK')).toBe('999.99 SEK');
    expect(formatMinor(12345678, 'JPY')).toBe(`12${NNBSP}345${NNBSP}678 JPY`);
  });

  it('keeps the leading zero of a fraction and the code in upper case', () => {
    expect(formatTaxRate(50)).toBe('0.5\u00a0%');
    expect(formatTaxRate(5)).toBe('0.05\u00a0%');
    expect(currencyDigits('kwd')).toBe(3);
    expect(currencyDigits('not a code')).toBe(2);
  });
});
