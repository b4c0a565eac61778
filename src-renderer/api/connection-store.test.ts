import { describe, expect, it } from 'vitest';
import { FIRST_CONNECT_GRACE_MS, LOST_GRACE_MS, serverDown } from './connection-store';

describe('serverDown', () => {
  it('says so once an open stream has been gone past a blip', () => {
    const lost = { state: 'connecting' as const, since: 10_000, everOpen: true };
    expect(serverDown(lost, 10_000 + LOST_GRACE_MS - 1, 0)).toBe(false);
    expect(serverDown(lost, 10_000 + LOST_GRACE_MS, 0)).toBe(true);
    expect(serverDown({ ...lost, state: 'open' }, 99_999, 0)).toBe(false);
  });

  it('gives a first connection a few seconds', () => {
    const first = { state: 'connecting' as const, since: 0, everOpen: false };
    expect(serverDown(first, FIRST_CONNECT_GRACE_MS - 1, 0)).toBe(false);
    expect(serverDown(first, FIRST_CONNECT_GRACE_MS, 0)).toBe(true);
  });
});
