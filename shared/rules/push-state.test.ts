import { describe, expect, it } from 'vitest';
import { pushState } from './push-state';

describe('pushState', () => {
  const at = '2026-01-01T00:00:00.000Z';
  it('tells an acknowledgement before any push from one after attempts', () => {
    expect(pushState({ acknowledged_at: at, attempts_made: 0, next_attempt_at: null })).toBe(
      'acknowledged_before_push',
    );
    expect(pushState({ acknowledged_at: at, attempts_made: 3, next_attempt_at: null })).toBe('acknowledged');
  });
  it('is awaiting while an attempt is to come, never acknowledged once none is', () => {
    expect(pushState({ acknowledged_at: null, attempts_made: 0, next_attempt_at: at })).toBe('awaiting');
    expect(pushState({ acknowledged_at: null, attempts_made: 16, next_attempt_at: null })).toBe(
      'never_acknowledged',
    );
  });
  it('is awaiting before the first attempt is scheduled, and while attempts remain after some were made', () => {
    expect(pushState({ acknowledged_at: null, attempts_made: 0, next_attempt_at: null })).toBe('awaiting');
    expect(pushState({ acknowledged_at: null, attempts_made: 5, next_attempt_at: at })).toBe('awaiting');
    expect(pushState({ acknowledged_at: null, attempts_made: 1, next_attempt_at: null })).toBe(
      'never_acknowledged',
    );
  });
  it('an acknowledgement wins over a pending attempt', () => {
    expect(pushState({ acknowledged_at: at, attempts_made: 2, next_attempt_at: at })).toBe('acknowledged');
  });
});
