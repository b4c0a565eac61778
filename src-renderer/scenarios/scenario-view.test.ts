import { describe, expect, it } from 'vitest';
import { clockOffset, totalsText } from './scenario-view';

describe('clockOffset', () => {
  const start = '2026-01-01T12:00:00.000Z';
  it('says how far into the scenario, in at most two units', () => {
    expect(clockOffset(start, start)).toBe('+0 s');
    expect(clockOffset(start, '2026-01-01T12:02:00.000Z')).toBe('+2 min');
    expect(clockOffset(start, '2026-01-02T08:02:30.000Z')).toBe('+20 h 2 min');
    expect(clockOffset(start, '2026-01-03T12:00:00.000Z')).toBe('+2 d');
  });
  it('shows the time itself without a start', () => {
    expect(clockOffset(null, start)).toBe(start);
  });
});

describe('totalsText', () => {
  it('writes one expectation in the singular', () => {
    expect(totalsText({ expectations: 1, expectations_failed: 0 })).toBe('1 of 1 expectation met');
    expect(totalsText({ expectations: 4, expectations_failed: 1 })).toBe('3 of 4 expectations met');
  });
});
