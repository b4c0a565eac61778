import { describe, expect, it } from 'vitest';
import { editing, saveState } from './save-state';

const errors = { code: 'BAD_VALUE', message: 'bad', problems: [] };
const idle = { isPending: false, isSuccess: false };

describe('the save state', () => {
  it('is idle, then dirty once the fields differ from what is stored', () => {
    expect(saveState(idle, null)).toBe('idle');
    expect(saveState(idle, null, true)).toBe('dirty');
  });

  it('is saving while the save is on its way, whatever else holds', () => {
    expect(saveState({ isPending: true, isSuccess: false }, errors, true)).toBe('saving');
  });

  it('is failed while the form shows errors (the console’s own or the simulator’s)', () => {
    expect(saveState(idle, errors)).toBe('failed');
    expect(saveState(idle, errors, true)).toBe('failed');
  });

  it('is saved once the save was taken', () => {
    expect(saveState({ isPending: false, isSuccess: true }, null)).toBe('saved');
  });
});

describe('editing', () => {
  it('sets the value, then forgets the last save', () => {
    const order: string[] = [];
    const edit = editing({ reset: () => order.push('reset') });
    edit((v: string) => order.push(`set ${v}`))('abc');
    expect(order).toEqual(['set abc', 'reset']);
  });
});
