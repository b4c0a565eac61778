import { describe, expect, it } from 'vitest';
import { numberOrText } from './field-values';

describe('numberOrText', () => {
  it('reads a whole number, spaces around it allowed, negative too', () => {
    expect(numberOrText(' 1500 ')).toBe(1500);
    expect(numberOrText('-3')).toBe(-3);
  });

  it('passes anything else on as typed', () => {
    expect(numberOrText('1.5')).toBe('1.5');
    expect(numberOrText('ten')).toBe('ten');
    expect(numberOrText('')).toBe('');
  });
});
