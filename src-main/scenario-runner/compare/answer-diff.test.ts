import { describe, expect, it } from 'vitest';
import { answerChanges, answerValue, shown, type FieldChange } from './answer-diff';

/*
 * The merchant's answer to one callback, read and compared field by field (docs/scenarios.md, "Comparing
 * two runs": each field added, removed or changed, with its path and both values).
 */

const changes = (before: string | null, after: string | null) =>
  answerChanges('validation', answerValue(before, []), answerValue(after, []), []);
const at = (tail: string) => `callbacks.validation.body${tail}`;

describe('an answer read for the comparison', () => {
  it.each<[string, string | null, string | null, FieldChange[]]>([
    ['no body in either run (two 204s)', '', null, []],
    ['a body now, none before', '', '{"a":1}', [{ path: at(''), change: 'added', after: { a: 1 } }]],
    ['a body now, null before', null, '{"a":1}', [{ path: at(''), change: 'added', after: { a: 1 } }]],
    ['no body now, one before', '{"a":1}', '', [{ path: at(''), change: 'removed', before: { a: 1 } }]],
  ])('tells a body present in one run only as the whole body: %s', (_, before, after, want) => {
    expect(changes(before, after)).toEqual(want);
  });

  it('reads the run’s own strings as their placeholders, in lists and nested objects too', () => {
    const volatile: [string, string][] = [
      ['', '{never}'],
      ['o-1', '{order_id}'],
    ];
    const body = JSON.stringify({ lines: [{ ref: 'o-1/a' }, 'o-1'], none: null, n: 2 });
    expect(answerValue(body, volatile)).toEqual({
      lines: [{ ref: '{order_id}/a' }, '{order_id}'],
      none: null,
      n: 2,
    });
  });
});

describe('the fields of two answers that differ', () => {
  it.each<[string, unknown, unknown, FieldChange[]]>([
    [
      'a null that became a value',
      { a: null },
      { a: 1 },
      [{ path: at('.a'), change: 'changed', before: null, after: 1 }],
    ],
    [
      'an object that became text',
      { a: { b: 1 } },
      { a: 'x' },
      [{ path: at('.a'), change: 'changed', before: { b: 1 }, after: 'x' }],
    ],
    [
      'a list that became text',
      { a: [1] },
      { a: 'x' },
      [{ path: at('.a'), change: 'changed', before: [1], after: 'x' }],
    ],
    [
      'an item added to a list',
      { a: [1] },
      { a: [1, 2] },
      [{ path: at('.a[1]'), change: 'added', after: 2 }],
    ],
    [
      'an item removed from a list',
      { a: [1, 2] },
      { a: [1] },
      [{ path: at('.a[1]'), change: 'removed', before: 2 }],
    ],
    ['a field removed', { a: 1, b: 2 }, { a: 1 }, [{ path: at('.b'), change: 'removed', before: 2 }]],
    ['nothing', { a: [1, { b: null }] }, { a: [1, { b: null }] }, []],
  ])('%s', (_, before, after, want) => {
    expect(answerChanges('validation', before, after, [])).toEqual(want);
  });
});

describe('a value as a difference line shows it', () => {
  const text = (n: number) => 'x'.repeat(n - 2); // JSON adds the two quotes
  it.each<[string, unknown, string]>([
    ['a short value, as JSON', { a: 1 }, '{"a":1}'],
    ['no value', undefined, '(none)'],
    ['80 characters, whole', text(80), JSON.stringify(text(80))],
    ['81 characters, cut at 79 and an ellipsis', text(81), `${JSON.stringify(text(81)).slice(0, 79)}…`],
  ])('%s', (_, value, want) => {
    expect(shown(value)).toBe(want);
  });
});
