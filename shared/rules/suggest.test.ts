import { describe, expect, it } from 'vitest';
import { closest, editDistance } from './suggest';

describe('closest', () => {
  it('finds the name a typo meant: a letter missing, doubled, swapped, or a name cut short', () => {
    expect(closest('arival', ['arrival', 'fraud_status'])).toBe('arrival');
    expect(closest('fraud_statuss', ['arrival', 'fraud_status'])).toBe('fraud_status');
    expect(closest('whithin', ['name', 'status', 'within'])).toBe('within');
    expect(closest('wihtin', ['within'])).toBe('within');
    expect(closest('at_least_once', ['at_least_once_push', 'forgetful_service'])).toBe('at_least_once_push');
  });

  it.each<[string, string[], string | null]>([
    // Up to a third of the letters may be wrong: two in an eight-letter name.
    ['cxmplexe', ['complete'], 'complete'],
    // Of names equally close, the first listed.
    ['stat', ['stab', 'star'], 'stab'],
    // A name cut short is a hint from four letters on.
    ['adva', ['advance', 'address'], 'advance'],
    ['adv', ['advance', 'address'], null],
  ])('closest(%j, %j) is %j', (name, known, expected) => {
    expect(closest(name, known)).toBe(expected);
  });

  it('suggests nothing when no name is close', () => {
    expect(closest('wait', ['country', 'address', 'advance', 'merchant'])).toBeNull();
    expect(closest('x', ['within'])).toBeNull();
  });

  it('counts a swap of two letters as one edit', () => {
    expect(editDistance('wihtin', 'within')).toBe(1);
    expect(editDistance('', 'abc')).toBe(3);
  });

  // A swap needs both letters to match crosswise: one matching letter is not a swap.
  it.each([
    ['ba', 'xb', 2],
    ['ab', 'bx', 2],
    ['ab', 'ba', 1],
  ])('editDistance(%j, %j) is %i', (a, b, distance) => {
    expect(editDistance(a, b)).toBe(distance);
  });
});
