import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  copyOneKeyMark,
  markOneKeyUnion,
  scenarioErrorMap,
  scenarioProblems,
  valueWords,
} from './scenario-problems';

// A small scenario-like schema: one-key unions of steps and of expectations, a duration with examples,
// an enum, a record with enum keys, plain unions. The real scenario schema's cases are pinned in
// shared/schemas/scenario.schema.test.ts; these pin the wording rules themselves.
const Duration = z
  .string()
  .regex(/^\d+[sm]$/, 'must be a duration such as "2s" or "10m"')
  .meta({ examples: ['2s', '10m'] });
const STEPS = {
  advance: z.strictObject({ advance: Duration }),
  wait: z.strictObject({ wait: z.strictObject({ for: z.enum(['push', 'callback']), within: Duration }) }),
  complete: z.strictObject({ complete: z.null() }),
};
const stepUnion = () => z.union([STEPS.advance, STEPS.wait, STEPS.complete]);
const Step = markOneKeyUnion(stepUnion(), 'step', Object.keys(STEPS));
const Expectation = markOneKeyUnion(
  z.union([
    z.strictObject({ acknowledged: z.strictObject({ within: Duration }) }),
    z.strictObject({ captured: z.strictObject({ within: Duration }) }),
  ]),
  'expectation',
  ['acknowledged', 'captured'],
);
const Scenario = z.strictObject({
  name: z.string(),
  count: z.number().int().optional(),
  flag: z.boolean().optional(),
  status: z
    .union([z.literal(200), z.string().regex(/^\dxx$/, 'must be a status class such as "2xx"')])
    .optional(),
  either: z.union([z.number(), z.boolean()]).optional(),
  headers: z.record(z.enum(['accept', 'authorization']), z.string()).optional(),
  steps: z.array(Step),
  expect: z.array(Expectation).optional(),
});

const problems = (input: unknown, schema: z.ZodType = Scenario) => {
  const r = schema.safeParse(input, { reportInput: true, error: scenarioErrorMap });
  return r.success ? [] : scenarioProblems(r.error).map((p) => `${p.path}: ${p.message}`);
};
const scenario = (extra: Record<string, unknown>) => ({ name: 'x', steps: [], ...extra });
const STEP_SHAPE = 'an object with one key: advance, wait, complete';

describe('scenarioProblems: what was expected and what was found, at the whole path', () => {
  it.each<[string, unknown, string[]]>([
    ['a valid scenario', scenario({ steps: [{ advance: '2m' }, { complete: null }] }), []],
    ['a missing field', { steps: [] }, ['name: is required']],
    [
      'wrong types, each in words',
      { name: 5, count: 'x', flag: 'yes', steps: {} },
      [
        'name: expected a string, got the number 5',
        'count: expected a number, got the string "x"',
        'flag: expected true or false, got the string "yes"',
        'steps: expected a list, got an object',
      ],
    ],
    [
      'a fraction for a whole number',
      scenario({ count: 1.5 }),
      ['count: expected a whole number, got the number 1.5'],
    ],
    ['null', scenario({ name: null }), ['name: expected a string, got null (an empty value)']],
    ['the root', 5, ['(body): expected an object, got the number 5']],
    [
      'a long string, cut at 60 characters',
      scenario({ steps: 'y'.repeat(61) }),
      [`steps: expected a list, got the string "${'y'.repeat(60)}…"`],
    ],
    [
      'a string of 60 characters, whole',
      scenario({ steps: 'y'.repeat(60) }),
      [`steps: expected a list, got the string "${'y'.repeat(60)}"`],
    ],
  ])('%s', (_, input, expected) => {
    expect(problems(input)).toEqual(expected);
  });

  it.each<[string, unknown, string]>([
    [
      'a misspelt value',
      'psuh',
      'expected one of "push", "callback", got the string "psuh" (did you mean push?)',
    ],
    ['a value near none', 'zzzzzz', 'expected one of "push", "callback", got the string "zzzzzz"'],
    ['a number for a name', 3, 'expected one of "push", "callback", got the number 3'],
  ])('an enum: %s', (_, value, message) => {
    expect(problems(scenario({ steps: [{ wait: { for: value, within: '2s' } }] }))).toEqual([
      `steps[0].wait.for: ${message}`,
    ]);
  });

  it('names the one value a literal takes', () => {
    expect(problems('v1', z.literal('v1'))).toEqual([]);
    expect(problems(2, z.literal('v1'))).toEqual(['(body): expected "v1", got the number 2']);
  });

  it.each<[string, unknown, string[]]>([
    ['a misspelt field', scenario({ stpes: [] }), ['stpes: not a known field (did you mean steps?)']],
    [
      'a field near none lists the fields',
      scenario({ qqqqqqq: 1 }),
      [
        'qqqqqqq: not a known field (the fields here are: name, count, flag, status, either, headers, steps, expect)',
      ],
    ],
    // "steps is required" would say the same as the hint.
    [
      'a misspelt required field, once',
      { name: 'x', stepz: [] },
      ['stepz: not a known field (did you mean steps?)'],
    ],
    [
      'a misspelt key of a record with enum keys',
      scenario({ headers: { acept: 'a', authorization: 'b' } }),
      // zod also finds `accept` missing: the hint says it.
      ['headers.acept: not a known field (did you mean accept?)'],
    ],
    [
      'an unknown field inside a step',
      scenario({ steps: [{ wait: { for: 'push', within: '2s', extra: 1 } }] }),
      ['steps[0].wait.extra: not a known field (the fields here are: for, within)'],
    ],
  ])('an unknown field: %s', (_, input, expected) => {
    expect(problems(input)).toEqual(expected);
  });

  it('keeps "is required" for a field no misspelling meant', () => {
    expect(problems({ stpes: [] })).toEqual([
      'name: is required',
      'stpes: not a known field (did you mean steps?)',
    ]);
  });

  it('keeps a misspelt field’s hint and the problem of the field it names', () => {
    expect(problems(scenario({ stpes: [], steps: 5 }))).toEqual([
      'steps: expected a list, got the number 5',
      'stpes: not a known field (did you mean steps?)',
    ]);
  });

  it.each<[string, z.ZodType, unknown, string]>([
    ['a type without words of its own', z.bigint(), 'x', 'expected of type bigint, got the string "x"'],
    [
      'a choice of numbers and names',
      z.literal([1, 'push']),
      'psuh',
      'expected one of 1, "push", got the string "psuh" (did you mean push?)',
    ],
    [
      'a schema’s own message for a missing field',
      z.object({ id: z.string({ error: 'must name a carrier' }) }),
      {},
      'must name a carrier',
    ],
    [
      'a schema’s own message on an object',
      z.object({}).refine(() => false, 'must hold a or b'),
      {},
      'must hold a or b',
    ],
  ])('%s', (_, schema, input, message) => {
    expect(problems(input, schema).map((p) => p.replace(/^[^:]*: /, ''))).toEqual([message]);
  });

  it('names an unknown key without a list when the object knows no fields', () => {
    expect(problems({ a: 1 }, z.strictObject({}))).toEqual(['a: not a known field']);
  });
});

describe('scenarioProblems: one-key unions (steps, expectations)', () => {
  it.each<[unknown, string]>([
    [5, 'the number 5'],
    [null, 'null (an empty value)'],
    [[], 'a list'],
    ['advance', 'the string "advance"'],
  ])('a step that is not an object: %j', (step, found) => {
    expect(problems(scenario({ steps: [step] }))).toEqual([
      `steps[0]: expected a step (${STEP_SHAPE}), got ${found}`,
    ]);
  });

  it('says "an" before expectation', () => {
    expect(problems(scenario({ expect: [5, {}] }))).toEqual([
      'expect[0]: expected an expectation (an object with one key: acknowledged, captured), got the number 5',
      'expect[1]: an expectation has exactly one key (acknowledged, captured), got 0',
    ]);
  });

  it.each<[unknown, string]>([
    [{}, 'a step has exactly one key (advance, wait, complete), got 0'],
    [
      { advance: '2s', complete: null },
      'a step has exactly one key (advance, wait, complete), got 2: advance, complete',
    ],
    [
      { advnce: '2s' },
      'unknown step "advnce" (did you mean advance?), the steps are: advance, wait, complete',
    ],
    [{ zzzzzz: '2s' }, 'unknown step "zzzzzz", the steps are: advance, wait, complete'],
  ])('a step with a wrong key: %j', (step, message) => {
    expect(problems(scenario({ steps: [step] }))).toEqual([`steps[0]: ${message}`]);
  });

  it('descends into the branch the key names', () => {
    expect(
      problems(
        scenario({
          steps: [{ advance: 'soon' }, { advance: 5 }, { wait: { for: 'push' } }, { complete: 1 }],
          expect: [{ captured: { within: 'later' } }],
        }),
      ),
    ).toEqual([
      'steps[0].advance: must be a duration such as "2s" or "10m", got the string "soon"',
      'steps[1].advance: expected a string such as "2s" or "10m", got the number 5',
      'steps[2].wait.within: is required',
      'steps[3].complete: expected null (an empty value), got the number 1',
      'expect[0].captured.within: must be a duration such as "2s" or "10m", got the string "later"',
    ]);
  });

  it('gives the place as keys and indexes, an unknown key included', () => {
    const r = Scenario.safeParse(scenario({ steps: [{ wait: { for: 'push', within: 'x', extra: 1 } }] }), {
      reportInput: true,
      error: scenarioErrorMap,
    });
    expect(scenarioProblems(r.error!)).toEqual([
      {
        path: 'steps[0].wait.within',
        message: 'must be a duration such as "2s" or "10m", got the string "x"',
        at: ['steps', 0, 'wait', 'within'],
      },
      {
        path: 'steps[0].wait.extra',
        message: 'not a known field (the fields here are: for, within)',
        at: ['steps', 0, 'wait', 'extra'],
      },
    ]);
  });

  it('keeps the mark on a copy (copyOneKeyMark), and an unmarked union has no step words', () => {
    const copy = stepUnion();
    const unmarked = stepUnion();
    copyOneKeyMark(Step, copy);
    copyOneKeyMark(unmarked, z.string());
    expect(problems({ zzzzzz: 1 }, copy)).toEqual([
      '(body): unknown step "zzzzzz", the steps are: advance, wait, complete',
    ]);
    expect(problems({ zzzzzz: 1 }, unmarked)[0]).not.toMatch(/step/);
  });
});

describe('scenarioProblems: plain unions', () => {
  it.each<[string, Record<string, unknown>, string]>([
    [
      'the branch that got furthest',
      { status: 'abc' },
      'status: must be a status class such as "2xx", got the string "abc"',
    ],
    ['every branch, when none got in', { status: true }, 'status: expected 200, or a string, got true'],
    ['an object found', { status: {} }, 'status: expected 200, or a string, got an object'],
    ['type words joined', { either: 'a' }, 'either: expected a number, or true or false, got the string "a"'],
  ])('%s', (_, extra, message) => {
    expect(problems(scenario(extra))).toEqual([message]);
  });

  it('says each alternative once', () => {
    const twice = z.union([z.string().min(3), z.string().max(1)]);
    expect(problems(5, twice)).toEqual(['(body): expected a string, got the number 5']);
  });

  it('keeps a union’s own message', () => {
    const own = z.union([z.number(), z.boolean()], { error: 'must be a count or a flag' });
    expect(problems('a', own)).toEqual(['(body): must be a count or a flag']);
  });

  it('prefers the branch with a "did you mean" among those that got as far, though it has more problems', () => {
    const branches = z.union([
      z.strictObject({ foxtrot: z.string() }),
      z.strictObject({ charlie: z.string(), delta: z.string(), echo: z.string() }),
    ]);
    expect(problems({ delt: 'x' }, branches)).toEqual([
      'charlie: is required',
      'echo: is required',
      'delt: not a known field (did you mean delta?)',
    ]);
  });

  it.each<[string, z.ZodType[], unknown, string[]]>([
    // A wrong value in a field the input has goes further than a field it lacks.
    [
      'a wrong field beats a missing one',
      [z.strictObject({ a: z.string(), b: z.number() }), z.strictObject({ b: z.string() })],
      { b: 5 },
      ['b: expected a string, got the number 5'],
    ],
    // A branch got as far as its nearest problem, not its deepest.
    [
      'the nearest problem counts',
      [
        z.strictObject({ a: z.string(), b: z.strictObject({ c: z.string() }) }),
        z.strictObject({ b: z.number() }),
      ],
      { b: { c: 5 } },
      ['b: expected a number, got an object'],
    ],
  ])('picks the branch that got furthest: %s', (_, options, input, expected) => {
    expect(problems(input, z.union(options as [z.ZodType, z.ZodType]))).toEqual(expected);
  });

  it('prefers the branch with fewer problems among those that got as far', () => {
    const branches = z.union([
      z.strictObject({ a: z.string(), b: z.string() }),
      z.strictObject({ c: z.string() }),
    ]);
    expect(problems({}, branches)).toEqual(['c: is required']);
  });
});

describe('valueWords', () => {
  it.each<[unknown, string]>([
    [true, 'true'],
    [false, 'false'],
    [undefined, 'undefined'],
    [{ a: 1 }, 'an object'],
    [12.5, 'the number 12.5'],
    ['', 'the string ""'],
  ])('%j → %s', (value, words) => {
    expect(valueWords(value)).toBe(words);
  });
});
