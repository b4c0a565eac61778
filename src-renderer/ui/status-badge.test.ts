import { describe, expect, it } from 'vitest';
import { statusTone } from './StatusBadge';

describe('statusTone', () => {
  it('colours statuses by meaning, including ones the console does not know yet', () => {
    expect(statusTone('checkout_incomplete')).toBe('pending');
    expect(statusTone('checkout_complete')).toBe('ok');
    expect(statusTone('AUTHORIZED')).toBe('ok');
    expect(statusTone('CANCELLED')).toBe('bad');
    expect(statusTone('expired')).toBe('bad');
    expect(statusTone('something_new')).toBe('neutral');
  });

  it('colours in-person session statuses: open ones pending, FINALIZED ok, the other ends bad', () => {
    expect(statusTone('CREATED')).toBe('pending');
    expect(statusTone('ACTIVE')).toBe('pending');
    expect(statusTone('FINALIZED')).toBe('ok');
    expect(statusTone('FAILED')).toBe('bad');
    expect(statusTone('EXPIRED')).toBe('bad');
  });
});
