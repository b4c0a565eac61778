import { describe, expect, it } from 'vitest';
import { SimFailure } from '../core/errors';
import { MAX_JSON_DEPTH, readJson } from './json';
import type { HttpRequest } from './router';

const req = (text: string): HttpRequest => ({
  method: 'POST',
  path: '/x',
  search: '',
  headers: { 'content-type': 'application/json' },
  body: Buffer.from(text),
});
const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

/** The problems readJson refuses `text` with, or null when it reads it. */
function problemsOf(text: string) {
  try {
    readJson(req(text), 1 << 20);
    return null;
  } catch (err) {
    if (!(err instanceof SimFailure)) throw err;
    return err.problems;
  }
}

describe('readJson', () => {
  it('names the body as the field when it is missing or not JSON', () => {
    expect(problemsOf('  ')).toEqual([{ path: '(body)', message: 'a JSON body is required' }]);
    expect(problemsOf('{nope')).toEqual([
      { path: '(body)', message: expect.stringMatching(/^is not valid JSON \(/) },
    ]);
  });

  // Found by tools/fuzz.mjs: 5,000 levels under an unknown field of an order answered 500 (stack overflow).
  it(`refuses a body nested more than ${MAX_JSON_DEPTH} levels deep, naming the top-level field`, () => {
    expect(problemsOf(`{"a":{"b":${nested(MAX_JSON_DEPTH - 2)}}}`)).toBeNull();
    const message = `is nested more than ${MAX_JSON_DEPTH} levels deep`;
    expect(problemsOf(`{"ok":1,"x_fuzz":${nested(100_000)}}`)).toEqual([{ path: 'x_fuzz', message }]);
    expect(problemsOf(`[1,${nested(MAX_JSON_DEPTH)}]`)).toEqual([{ path: '[1]', message }]);
    expect(problemsOf(nested(MAX_JSON_DEPTH + 1))).toEqual([{ path: '[0]', message }]);
    expect(problemsOf(`{"a":${nested(MAX_JSON_DEPTH - 1)}}`)).toBeNull();
  });
});
