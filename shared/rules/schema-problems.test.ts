import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formatPath, schemaProblems } from './schema-problems';
import { CheckoutOrderCreateSchema } from '../schemas/checkout-order.schema';

describe('schema problems', () => {
  it('formats paths with indexes', () => {
    expect(formatPath(['order_lines', 0, 'total_amount'])).toBe('order_lines[0].total_amount');
    expect(formatPath([])).toBe('(body)');
  });
  it('says a missing field is required and a wrong type what it must be', () => {
    const r = z.object({ a: z.string(), b: z.int() }).safeParse({ b: '2' });
    expect(r.success).toBe(false);
    if (r.success) return;
    expect(schemaProblems(r.error)).toEqual([
      { path: 'a', message: 'is required' },
      { path: 'b', message: 'must be of type number, got string' },
    ]);
  });
  it('names nested order line fields', () => {
    const r = CheckoutOrderCreateSchema.safeParse({ order_lines: [{ quantity: 1.5 }] });
    if (r.success) throw new Error('expected failure');
    const paths = schemaProblems(r.error).map((p) => p.path);
    expect(paths).toContain('order_lines[0].quantity');
    expect(paths).toContain('merchant_urls');
  });
});
