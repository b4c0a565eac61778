import { describe, expect, it } from 'vitest';
import { excerpt, sentence } from './sentence';

describe('sentence', () => {
  it('ends a text with one period, never two', () => {
    expect(sentence('Out of stock')).toBe('Out of stock.');
    expect(sentence('Out of stock.')).toBe('Out of stock.');
    expect(sentence('Really? ')).toBe('Really?');
  });
});

describe('excerpt', () => {
  it('quotes the start of a text on one line, cut with an ellipsis', () => {
    expect(excerpt('{"a":\n 1,')).toBe('"{\\"a\\": 1,"');
    expect(excerpt('x'.repeat(100), 10)).toBe(`"${'x'.repeat(10)}…"`);
  });
});
