import { describe, expect, it } from 'vitest';
import { advanceParts, roundUp } from './journey-durations';
import { referenceMatch } from './journey-expect';

describe('round figures', () => {
  it('a clock move in whole units, a limit rounded up, a reference matched by its kind', () => {
    expect(advanceParts(120_004)).toEqual(['2m']);
    expect(advanceParts(18 * 3_600_000 + 120_000)).toEqual(['18h', '2m']);
    expect(advanceParts(300)).toEqual([]);
    expect(roundUp(0)).toBe('1s');
    expect(roundUp(64_800_000 + 120_000)).toBe('1d');
    expect(referenceMatch('SHOP-1003')).toEqual({ matches: '^SHOP-\\d+$' });
    expect(referenceMatch('V-F7226AE8')).toEqual({ matches: '^V-[0-9A-Z]+$' });
    expect(referenceMatch('plain')).toBe('plain');
  });
});
