import type { FieldProblem } from '../schemas/common.schema';

/** The arithmetic-bearing fields of one order line. */
export interface LineAmounts {
  quantity: number;
  unit_price: number;
  tax_rate: number;
  total_amount: number;
  total_discount_amount?: number;
  total_tax_amount: number;
}

export interface CartAmounts {
  order_amount: number;
  order_tax_amount: number;
  order_lines: readonly LineAmounts[];
}

/** The tax a line's total_amount implies: total − total × 10000 / (10000 + rate). */
export function impliedTax(totalAmount: number, taxRate: number): number {
  return totalAmount - (totalAmount * 10000) / (10000 + taxRate);
}

/** Checks one line's identities; `at` is the line's path, for example `order_lines[2]`. */
export function checkLine(line: LineAmounts, at: string): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const discount = line.total_discount_amount ?? 0;
  const expected = line.quantity * line.unit_price - discount;
  if (line.total_amount !== expected) {
    problems.push({
      path: `${at}.total_amount`,
      message: `must equal quantity × unit_price − total_discount_amount (${line.quantity} × ${line.unit_price} − ${discount} = ${expected}), got ${line.total_amount}`,
    });
  }
  const tax = impliedTax(line.total_amount, line.tax_rate);
  if (Math.abs(line.total_tax_amount - tax) > 1) {
    problems.push({
      path: `${at}.total_tax_amount`,
      message: `must be within ±1 of total_amount − total_amount × 10000 / (10000 + tax_rate) (= ${tax.toFixed(2)}), got ${line.total_tax_amount}`,
    });
  }
  return problems;
}

/** Checks every line and the two order totals; an empty list means the cart reconciles. */
export function checkCart(cart: CartAmounts): FieldProblem[] {
  const problems = cart.order_lines.flatMap((line, i) => checkLine(line, `order_lines[${i}]`));
  const sum = cart.order_lines.reduce((s, l) => s + l.total_amount, 0);
  if (cart.order_amount !== sum) {
    problems.push({
      path: 'order_amount',
      message: `must equal the sum of order_lines[].total_amount (${sum}), got ${cart.order_amount}`,
    });
  }
  const taxSum = cart.order_lines.reduce((s, l) => s + l.total_tax_amount, 0);
  if (cart.order_tax_amount !== taxSum) {
    problems.push({
      path: 'order_tax_amount',
      message: `must equal the sum of order_lines[].total_tax_amount (${taxSum}), got ${cart.order_tax_amount}`,
    });
  }
  return problems;
}
