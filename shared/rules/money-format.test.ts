import { describe, expect, it } from 'vitest';
import { formatMoneyIn } from './money-format';

/** Intl separates with no-break spaces; the tests read them as plain ones. */
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formatMoneyIn', () => {
  it('writes money as the order’s locale does', () => {
    expect(plain(formatMoneyIn(24900, 'SEK', 'sv-SE'))).toBe('249,00 kr');
    expect(plain(formatMoneyIn(123456, 'SEK', 'sv-SE'))).toBe('1 234,56 kr');
    expect(formatMoneyIn(24900, 'USD', 'en-US')).toBe('$249.00');
    expect(plain(formatMoneyIn(-500, 'EUR', 'de-DE'))).toBe('-5,00 €');
  });

  it('gives each currency its own number of decimals, whatever the locale', () => {
    expect(formatMoneyIn(1234, 'JPY', 'en-US')).toBe('¥1,234');
    expect(plain(formatMoneyIn(1234, 'KWD', 'en-GB'))).toBe('KWD 1.234');
    expect(plain(formatMoneyIn(18800, 'SEK', 'sv-SE'))).toBe('188,00 kr');
    expect(plain(formatMoneyIn(18800, 'NOK', 'nb-NO'))).toBe('188,00 kr');
  });

  it('falls back to the plain form for a locale the runtime cannot read', () => {
    expect(formatMoneyIn(24900, 'SEK', 'not a locale!')).toBe('249.00 SEK');
  });
});
