import { describe, expect, it } from 'vitest';
import { statusTone } from './StatusBadge';

describe('statusTone', () => {
  // Checkout and order-management statuses, one the console does not know yet, then the in-person
  // session statuses (open ones pending, FINALIZED ok, the other ends bad).
  it.each([
    ['checkout_incomplete', 'pending'],
    ['checkout_complete', 'ok'],
    ['AUTHORIZED', 'ok'],
    ['CANCELLED', 'bad'],
    ['expired', 'bad'],
    ['something_new', 'neutral'],
    ['CREATED', 'pending'],
    ['ACTIVE', 'pending'],
    ['FINALIZED', 'ok'],
    ['FAILED', 'bad'],
    ['EXPIRED', 'bad'],
  ])('colours %s by meaning: %s', (status, tone) => {
    expect(statusTone(status)).toBe(tone);
  });
});
