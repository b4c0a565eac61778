import { describe, expect, it } from 'vitest';
import { OM_CHANGE_OPERATIONS } from './order-management-change-operations';
import { OM_OPERATIONS } from './order-management-operations';

describe('order management handlers', () => {
  // A stack trace and a code walker name a handler only when it is a named function, not an arrow from a factory.
  it.each([...OM_OPERATIONS, ...OM_CHANGE_OPERATIONS].map((op) => [op.kind, op.handle.name] as const))(
    '%s has a named handler',
    (_kind, name) => {
      expect(name).toMatch(/^[a-z][A-Za-z]+$/);
    },
  );

  it('gives every operation its own handler', () => {
    const names = OM_CHANGE_OPERATIONS.map((op) => op.handle.name);
    expect(new Set(names).size).toBe(OM_CHANGE_OPERATIONS.length);
  });
});
