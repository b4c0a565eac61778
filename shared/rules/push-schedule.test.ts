import { describe, expect, it } from 'vitest';
import { describePushSchedule, firstPushDue, PUSH_MAX_ATTEMPTS, pushDue, pushOffsets } from './push-schedule';

const M = 60_000;
const H = 60 * M;

describe('push schedule', () => {
  it('has 16 attempts at exactly the spec offsets from the first', () => {
    expect(pushOffsets()).toEqual([
      0,
      5 * M,
      15 * M,
      30 * M,
      60 * M,
      5 * H,
      9 * H,
      13 * H,
      17 * H,
      21 * H,
      25 * H,
      29 * H,
      33 * H,
      37 * H,
      41 * H,
      45 * H,
    ]);
    expect(PUSH_MAX_ATTEMPTS).toBe(16);
  });

  it('puts no attempt later than 48 hours after the first', () => {
    expect(Math.max(...pushOffsets())).toBeLessThanOrEqual(48 * H);
    expect(45 * H + 4 * H).toBeGreaterThan(48 * H);
  });

  it('starts two minutes after completion and numbers attempts from 1', () => {
    const first = firstPushDue(1_000_000);
    expect(first).toBe(1_000_000 + 2 * M);
    expect(pushDue(first, 1)).toBe(first);
    expect(pushDue(first, 2)).toBe(first + 5 * M);
    expect(pushDue(first, 16)).toBe(first + 45 * H);
    expect(pushDue(first, 17)).toBeNull();
    expect(pushDue(first, 0)).toBeNull();
  });
});

describe('the schedule in words', () => {
  it('says what the console and the automation API show: the same offsets as the schedule', () => {
    expect(describePushSchedule()).toBe(
      'first push about 2 minutes after completion; until acknowledged, retries at 5, 15, 30 and 60 minutes after the first, then every 4 hours, none later than 48 hours after the first',
    );
  });
});
