import { describe, expect, it } from 'vitest';
import { checkCart } from '@shared/rules/order-arithmetic';
import {
  cartTotals,
  lineAmounts,
  parseMajor,
  parseQuantity,
  parseTaxRate,
  taxOf,
  toMajorText,
} from './cart-math';

describe('line arithmetic', () => {
  it('follows the spec: total = qty × unit price − discount; tax = total − total × 10000 / (10000 + rate)', () => {
    expect(lineAmounts({ quantity: 2, unit_price: 25000, tax_rate: 2500, total_discount_amount: 0 })).toEqual(
      {
        total_amount: 50000,
        total_tax_amount: 10000,
      },
    );
    expect(
      lineAmounts({ quantity: 3, unit_price: 1999, tax_rate: 1900, total_discount_amount: 500 }),
    ).toEqual({
      total_amount: 5497,
      total_tax_amount: 878, // 5497 − 5497 × 10000 / 11900 = 877.68…
    });
  });

  it('rounds the tax to a whole minor unit, also for negative (discount) lines and zero rates', () => {
    expect(taxOf(1000, 1200)).toBe(107); // 107.14…
    expect(taxOf(-1000, 2500)).toBe(-200);
    expect(taxOf(999, 0)).toBe(0);
  });

  it('gives carts that the simulator’s own check accepts', () => {
    const lines = [
      { quantity: 3, unit_price: 1999, tax_rate: 1900, total_discount_amount: 500 },
      { quantity: 1, unit_price: 4900, tax_rate: 600, total_discount_amount: 0 },
      { quantity: 7, unit_price: 333, tax_rate: 1250, total_discount_amount: 1 },
    ].map((l) => ({ ...l, ...lineAmounts(l) }));
    expect(checkCart({ ...cartTotals(lines), order_lines: lines })).toEqual([]);
  });

  it('sums the order totals', () => {
    expect(cartTotals([])).toEqual({ order_amount: 0, order_tax_amount: 0 });
    expect(
      cartTotals([
        { total_amount: 100, total_tax_amount: 20 },
        { total_amount: 50, total_tax_amount: 10 },
      ]),
    ).toEqual({ order_amount: 150, order_tax_amount: 30 });
  });
});

describe('parsing typed amounts', () => {
  it('reads major units as minor units without floats', () => {
    expect(parseMajor('250', 2)).toBe(25000);
    expect(parseMajor('249.5', 2)).toBe(24950);
    expect(parseMajor('0,07', 2)).toBe(7);
    expect(parseMajor('1 234.56', 2)).toBe(123456);
    expect(parseMajor('.5', 2)).toBe(50);
    expect(parseMajor('-10', 2)).toBe(-1000);
    expect(parseMajor('1234', 0)).toBe(1234);
  });

  it('refuses what is not an amount of the currency', () => {
    for (const t of ['', 'abc', '1.2.3', '1.234', '-', '.', '12a']) expect(parseMajor(t, 2)).toBeNull();
    expect(parseMajor('1.5', 0)).toBeNull();
  });

  it('writes minor units back as text', () => {
    expect(toMajorText(25000, 2)).toBe('250.00');
    expect(toMajorText(5, 2)).toBe('0.05');
    expect(toMajorText(-1050, 2)).toBe('-10.50');
    expect(toMajorText(1234, 0)).toBe('1234');
  });

  it('reads tax rates in percent and quantities as whole numbers', () => {
    expect(parseTaxRate('25')).toBe(2500);
    expect(parseTaxRate('12.5')).toBe(1250);
    expect(parseTaxRate('6,05')).toBe(605);
    expect(parseTaxRate('101')).toBeNull();
    expect(parseTaxRate('-1')).toBeNull();
    expect(parseQuantity('3')).toBe(3);
    expect(parseQuantity('1.5')).toBeNull();
    expect(parseQuantity('')).toBeNull();
  });
});
