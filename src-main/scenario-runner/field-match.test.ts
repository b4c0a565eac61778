// A field's expected value in a read expectation (docs/scenarios.md: a value is equal, {present} or
// {matches: regex}), and how the expectation's text says it.
import { describe, expect, it } from 'vitest';
import { matches, wantText } from './field-match';

describe('matches', () => {
  it('a plain value must be equal, by type too', () => {
    expect(matches('SE', 'SE')).toBe(true);
    expect(matches('se', 'SE')).toBe(false);
    expect(matches(1000, 1000)).toBe(true);
    expect(matches('1000', 1000)).toBe(false);
    expect(matches(false, false)).toBe(true);
    expect(matches(null, null)).toBe(true);
    expect(matches(undefined, null)).toBe(false);
  });

  it('{present} asks whether the field is there at all; null is there', () => {
    expect(matches('x', { present: true })).toBe(true);
    expect(matches(null, { present: true })).toBe(true);
    expect(matches(undefined, { present: true })).toBe(false);
    expect(matches(undefined, { present: false })).toBe(true);
    expect(matches(0, { present: false })).toBe(false);
  });

  it('{matches} tests text against the regular expression, and nothing else', () => {
    expect(matches('express-42', { matches: '^express-\\d+$' })).toBe(true);
    expect(matches('standard', { matches: '^express' })).toBe(false);
    expect(matches(42, { matches: '42' })).toBe(false);
    expect(matches(undefined, { matches: '.*' })).toBe(false);
  });
});

describe('wantText', () => {
  it('says each kind of wish as the report shows it', () => {
    expect(wantText('SE')).toBe('"SE"');
    expect(wantText(12)).toBe('12');
    expect(wantText(null)).toBe('null');
    expect(wantText({ present: true })).toBe('present');
    expect(wantText({ present: false })).toBe('absent');
    expect(wantText({ matches: '^a.c$' })).toBe('matching /^a.c$/');
  });
});
