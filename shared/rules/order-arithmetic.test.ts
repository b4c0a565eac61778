import { describe, expect, it } from 'vitest';
import { checkCart, checkLine, impliedTax } from './order-arithmetic';

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

describe('the tax identity and the messages', () => {
  it('impliedTax is the tax inside a total that includes it', () => {
    expect(impliedTax(12500, 2500)).toBe(2500);
    expect(impliedTax(10000, 0)).toBe(0);
    expect(impliedTax(-1250, 2500)).toBe(-250);
  });

  it('the tax may be one under as well as one over, not two', () => {
    expect(checkLine({ ...line, total_tax_amount: 3999 }, 'l')).toEqual([]);
    expect(checkLine({ ...line, total_tax_amount: 3998 }, 'l')).toEqual([
      {
        path: 'l.total_tax_amount',
        message:
          'must be within ±1 of total_amount − total_amount × 10000 / (10000 + tax_rate) (= 4000.00), got 3998',
      },
    ]);
  });

  it('says what total_amount should be, with the discount, and what it was', () => {
    expect(
      checkLine(
        { ...line, total_discount_amount: 500, total_amount: 20000, total_tax_amount: 4000 },
        'order_lines[3]',
      ),
    ).toEqual([
      {
        path: 'order_lines[3].total_amount',
        message:
          'must equal quantity × unit_price − total_discount_amount (2 × 10000 − 500 = 19500), got 20000',
      },
    ]);
  });

  it('names each line by its index and says what the totals should be', () => {
    const other = { ...line, quantity: 1, total_amount: 10000, total_tax_amount: 2000 };
    expect(checkCart({ order_amount: 30000, order_tax_amount: 6000, order_lines: [line, other] })).toEqual(
      [],
    );
    expect(
      checkCart({
        order_amount: 1,
        order_tax_amount: 2,
        order_lines: [line, { ...other, total_amount: 9000 }],
      }),
    ).toEqual([
      {
        path: 'order_lines[1].total_amount',
        message: 'must equal quantity × unit_price − total_discount_amount (1 × 10000 − 0 = 10000), got 9000',
      },
      {
        path: 'order_lines[1].total_tax_amount',
        message:
          'must be within ±1 of total_amount − total_amount × 10000 / (10000 + tax_rate) (= 1800.00), got 2000',
      },
      { path: 'order_amount', message: 'must equal the sum of order_lines[].total_amount (29000), got 1' },
      {
        path: 'order_tax_amount',
        message: 'must equal the sum of order_lines[].total_tax_amount (6000), got 2',
      },
    ]);
    expect(checkCart({ order_amount: 0, order_tax_amount: 0, order_lines: [] })).toEqual([]);
  });
});
