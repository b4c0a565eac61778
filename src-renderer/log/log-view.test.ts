import { describe, expect, it } from 'vitest';
import { countLabel, searchOf } from './log-view';

const ID = '210d5ed1-d8ab-4d16-a4ef-b9ae02e682e5';

describe('searchOf', () => {
  it('reads a whole order id through the index and part of one as a filter', () => {
    expect(searchOf(` ${ID} `, { kind: 'push' })).toEqual({ orderId: ID, filter: { kind: 'push' } });
    expect(searchOf('210d5ed1', undefined)).toEqual({ filter: { order: '210d5ed1' } });
    expect(searchOf('', { violations: true })).toEqual({ filter: { violations: true } });
  });
});

describe('countLabel', () => {
  it('says how many, of what, and whether more are left', () => {
    expect(countLabel({ count: 2, byOrder: true, filtered: false, more: false })).toBe(
      '2 exchanges of this order or session',
    );
    expect(countLabel({ count: 1, byOrder: false, filtered: true, more: false })).toBe(
      '1 exchange matching the filters',
    );
    expect(countLabel({ count: 1200, byOrder: false, filtered: false, more: true })).toBe(
      '1,200 exchanges loaded; older ones load as you scroll',
    );
  });
});
