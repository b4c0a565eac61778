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
  it("puts zod's own wording of size, choice and unknown-field rules in plain words", () => {
    const schema = z.strictObject({
      n: z.number().max(10),
      p: z.number().positive(),
      m: z.int().min(500),
      s: z.string().min(1),
      t: z.string().max(3),
      list: z.array(z.string()).min(2),
      mode: z.enum(['real', 'manual']),
      until: z.literal('next_event'),
      kept: z.number().min(1, 'must be at least 1 (use manual mode to stop the clock)'),
    });
    const r = schema.safeParse({
      n: 11,
      p: 0,
      m: 404,
      s: '',
      t: 'long',
      list: ['a'],
      mode: 'fast',
      until: 'later',
      kept: 0,
      extra: 1,
    });
    if (r.success) throw new Error('expected failure');
    expect(schemaProblems(r.error)).toEqual([
      { path: 'n', message: 'must be at most 10' },
      { path: 'p', message: 'must be more than 0' },
      { path: 'm', message: 'must be at least 500' },
      { path: 's', message: 'must not be empty' },
      { path: 't', message: 'must be at most 3 characters long' },
      { path: 'list', message: 'must have at least 2 items' },
      { path: 'mode', message: 'must be one of "real", "manual"' },
      { path: 'until', message: 'must be "next_event"' },
      { path: 'kept', message: 'must be at least 1 (use manual mode to stop the clock)' },
      { path: 'extra', message: 'is not a known field' },
    ]);
  });

  it('names each field a nested object does not have in its path', () => {
    const nested = z.strictObject({ auth: z.strictObject({}) }).safeParse({ auth: { a: 1, b: 2 } });
    if (nested.success) throw new Error('expected failure');
    expect(schemaProblems(nested.error)).toEqual([
      { path: 'auth.a', message: 'is not a known field' },
      { path: 'auth.b', message: 'is not a known field' },
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
