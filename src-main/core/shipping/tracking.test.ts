import { describe, expect, it } from 'vitest';
import { nextPollAt } from './tracking';

describe('nextPollAt (what is due next)', () => {
  it('is one interval on, or null past the 48-hour window', () => {
    expect(nextPollAt(0, 10, 10_000)).toBe(10_000);
    expect(nextPollAt(1, 10, 10_000)).toBeNull();
  });
});
