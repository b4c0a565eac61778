import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formatPath, problemMessages, schemaProblems } from './schema-problems';
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

  const problemsOf = (schema: z.ZodType, input: unknown) => {
    const r = schema.safeParse(input);
    if (r.success) throw new Error('expected failure');
    return problemMessages(schemaProblems(r.error));
  };

  it.each<[string, z.ZodType, unknown, string]>([
    ['a whole number given a fraction', z.int(), 1.5, '(body): must be an integer, got number'],
    ['a string given null', z.string(), null, '(body): must be of type string, got null'],
    ['a bound that may be reached', z.number().lte(5), 6, '(body): must be at most 5'],
    ['a bound that may not be reached', z.number().lt(5), 5, '(body): must be less than 5'],
    ['a lower bound that may not be reached', z.number().gt(5), 5, '(body): must be more than 5'],
    ['a text of at least 2', z.string().min(2), 'a', '(body): must be at least 2 characters long'],
    ['a list of at most 1', z.array(z.number()).max(1), [1, 2], '(body): must have at most 1 item'],
    ['a set of at least 2', z.set(z.number()).min(2), new Set([1]), '(body): must have at least 2 items'],
    [
      'a path with a key after an index',
      z.array(z.object({ a: z.string() })),
      [{ a: 1 }],
      '[0].a: must be of type string, got number',
    ],
    [
      'a custom check, in its own words',
      z.string().refine(() => false, 'must be a carrier id'),
      'x',
      '(body): must be a carrier id',
    ],
    ['a refinement in zod’s wording', z.string().refine(() => false), 'x', '(body): Invalid input'],
    [
      'a wrong type under a schema’s own message',
      z.string({ error: 'must be text' }),
      5,
      '(body): must be of type string',
    ],
    [
      'an unknown key a schema names itself',
      z.strictObject({}, { error: 'takes no fields' }),
      { a: 1 },
      '(body): takes no fields',
    ],
  ])('%s', (_, schema, input, message) => {
    expect(problemsOf(schema, input)).toEqual([message]);
  });
});
