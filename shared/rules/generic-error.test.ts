import { describe, expect, it } from 'vitest';
import { GENERIC_ERROR } from './generic-error';

describe('the generic error a failed callback shows (spec: "a generic error")', () => {
  it('tells the customer the purchase stopped and to try again, naming no internals', () => {
    expect(GENERIC_ERROR).toBe(
      'Something went wrong and the purchase could not continue. Please try again in a moment.',
    );
  });
});
