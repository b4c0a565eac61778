import { describe, expect, it } from 'vitest';
import { countOf } from './plural';

describe('countOf', () => {
  it('writes one in the singular, and none, several and thousands in the plural', () => {
    expect(countOf(1, 'day')).toBe('1 day');
    expect(countOf(0, 'day')).toBe('0 days');
    expect(countOf(2, 'scenario')).toBe('2 scenarios');
    expect(countOf(1234, 'exchange')).toBe('1,234 exchanges');
    expect(countOf(2, 'entry', 'entries')).toBe('2 entries');
  });
});
