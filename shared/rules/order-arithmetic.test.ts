import { describe, expect, it } from 'vitest';
import { checkCart, checkLine } from './order-arithmetic';

const line = { quantity: 2, unit_price: 10000, tax_rate: 2500, total_amount: 20000, total_tax_amount: 4000 };

describe('order line arithmetic', () => {
  it('accepts a line that reconciles', () => {
    expect(checkLine(line, 'order_lines[0]')).toEqual([]);
  });
  it('names total_amount when it is not quantity × unit_price − discount', () => {
    const p = checkLine({ ...line, total_amount: 19999, total_tax_amount: 4000 }, 'order_lines[0]');
    expect(p[0]?.path).toBe('order_lines[0].total_amount');
    expect(p[0]?.message).toContain('2 × 10000 − 0 = 20000');
  });
  it('subtracts total_discount_amount', () => {
    expect(
      checkLine({ ...line, total_discount_amount: 2000, total_amount: 18000, total_tax_amount: 3600 }, 'l'),
    ).toEqual([]);
  });
  it('allows the tax to be off by one, not by two', () => {
    expect(checkLine({ ...line, total_tax_amount: 4001 }, 'l')).toEqual([]);
    expect(checkLine({ ...line, total_tax_amount: 4002 }, 'l')[0]?.path).toBe('l.total_tax_amount');
  });
  it('accepts negative tax on discount lines', () => {
    const d = { quantity: 1, unit_price: -1000, tax_rate: 2500, total_amount: -1000, total_tax_amount: -200 };
    expect(checkLine(d, 'l')).toEqual([]);
  });
  it('checks order_amount and order_tax_amount against the lines', () => {
    const p = checkCart({ order_amount: 1, order_tax_amount: 2, order_lines: [line] });
    expect(p.map((x) => x.path)).toEqual(['order_amount', 'order_tax_amount']);
  });
});
