import { pushOffsets } from '@shared/rules/push-schedule';
import { type PushAttempt, type PushTimeline } from '@shared/schemas/push.schema';
import { describe, expect, it } from 'vitest';
import { buildTimelineModel, outcomeTone, summarize } from './timeline-model';

const MIN = 60_000;
const HOUR = 60 * MIN;
const COMPLETED = Date.parse('2026-01-01T10:00:00.000Z');
const FIRST = COMPLETED + 2 * MIN;
const iso = (ms: number) => new Date(ms).toISOString();

function attempt(n: number, outcome: PushAttempt['outcome'], status: number | null = 200): PushAttempt {
  const at = iso(FIRST + pushOffsets()[n - 1]!);
  return {
    order_id: 'o1',
    number: n,
    due_at: at,
    sent_at: at,
    status,
    duration_ms: 12,
    outcome,
    exchange_id: `ex_${n}`,
  };
}

/** A timeline as `push.timeline` answers it, with `made` attempts and an optional acknowledgement. */
function timeline(attempts: PushAttempt[], acknowledgedAt: number | null = null): PushTimeline {
  const made = new Set(attempts.map((a) => a.number));
  return {
    order_id: 'o1',
    status: 'AUTHORIZED',
    fraud_status: 'ACCEPTED',
    completed_at: iso(COMPLETED),
    first_attempt_at: iso(FIRST),
    window_ends_at: iso(FIRST + 48 * HOUR),
    push_url: 'https://shop.example/push?id=o1',
    arrival: { mode: 'redirect_first', from: 'setting' },
    planned: pushOffsets().map((offset, i) => ({
      number: i + 1,
      offset_ms: offset,
      due_at: iso(FIRST + offset),
      state: made.has(i + 1) ? 'made' : acknowledgedAt !== null ? 'cancelled' : 'pending',
    })),
    attempts,
    next_attempt_at: null,
    acknowledged_at: acknowledgedAt === null ? null : iso(acknowledgedAt),
    notifications: [],
    merchant_faults: [],
    expires_at: iso(COMPLETED + 28 * 24 * HOUR),
    now: iso(COMPLETED),
  };
}

const when = (s: string) => s.slice(11, 16);
const countdown = (ms: number) => `in ${Math.round(ms / MIN)} min`;

describe('buildTimelineModel', () => {
  it('draws an untouched schedule: 16 planned attempts, nothing made, now at completion', () => {
    const m = buildTimelineModel(timeline([]), COMPLETED);
    expect(m.points).toHaveLength(16);
    expect(m.points.every((p) => p.state === 'pending')).toBe(true);
    expect(m.state).toBe('awaiting');
    expect(m.next?.number).toBe(1);
    expect(m.now).toMatchObject({ x: 0, side: 'inside' });
    expect(m.ack).toBeNull();
    expect(m.expiry.onScale).toBe(false);
    expect(summarize(m, when, countdown)).toBe(
      'Awaiting acknowledgement: 0 of 16 attempts made; attempt 1 is due 10:02 (in 2 min).',
    );
  });

  it('fills made attempts and colours them by outcome', () => {
    const m = buildTimelineModel(
      timeline([attempt(1, 'delivered'), attempt(2, 'bad_status', 500), attempt(3, 'timeout', null)]),
      FIRST + 15 * MIN,
    );
    expect(m.points.slice(0, 4).map((p) => [p.state, p.tone])).toEqual([
      ['made', 'ok'],
      ['made', 'error'],
      ['made', 'timeout'],
      ['pending', undefined],
    ]);
    expect(m.made).toBe(3);
    expect(m.next?.number).toBe(4);
    expect(m.points[0]!.x).toBeLessThan(m.points[1]!.x);
    expect(m.now.x).toBeCloseTo(m.points[2]!.x);
  });

  it('stops at the acknowledgement: the rest is cancelled, the marker sits between the attempts', () => {
    const ackAt = FIRST + 16 * MIN;
    const m = buildTimelineModel(
      timeline([attempt(1, 'delivered'), attempt(2, 'delivered'), attempt(3, 'delivered')], ackAt),
      ackAt,
    );
    expect(m.state).toBe('acknowledged');
    expect(m.points.filter((p) => p.state === 'cancelled')).toHaveLength(13);
    expect(m.points.some((p) => p.state === 'pending')).toBe(false);
    expect(m.next).toBeNull();
    expect(m.ack!.x).toBeGreaterThan(m.points[2]!.x);
    expect(m.ack!.x).toBeLessThan(m.points[3]!.x);
    expect(summarize(m, when, countdown)).toBe(
      'Acknowledged 10:18 after 3 attempts: the remaining 13 planned are cancelled, the timeline stops.',
    );
  });

  it('reads an exhausted schedule and a clock past the window', () => {
    const all = pushOffsets().map((_, i) => attempt(i + 1, 'delivered'));
    const m = buildTimelineModel(timeline(all), FIRST + 50 * HOUR);
    expect(m.state).toBe('exhausted');
    expect(m.now).toMatchObject({ x: 1, side: 'after' });
    expect(summarize(m, when, countdown)).toMatch(/^Never acknowledged: all 16 attempts were made/);
  });

  it('has no schedule without a first attempt', () => {
    const t = { ...timeline([]), first_attempt_at: null, window_ends_at: null, planned: [], push_url: null };
    const m = buildTimelineModel(t, COMPLETED);
    expect(m.state).toBe('no-push');
    expect(m.points).toEqual([]);
    expect(m.ticks.map((tick) => tick.label)).toContain('48h');
  });

  it('places notifications on the scale', () => {
    const t = {
      ...timeline([]),
      notifications: [
        {
          at: iso(FIRST + HOUR),
          event_type: 'FRAUD_RISK_ACCEPTED' as const,
          sent: false,
          status: null,
          outcome: 'not_registered',
          duration_ms: null,
          exchange_id: null,
        },
      ],
    };
    const m = buildTimelineModel(t, COMPLETED);
    expect(m.notifications[0]!.x).toBeCloseTo(m.points[4]!.x);
  });
});

describe('outcomeTone', () => {
  it.each([
    ['delivered', 'ok'],
    ['bad_status', 'error'],
    ['unreachable', 'error'],
    ['refused', 'error'],
    ['timeout', 'timeout'],
    ['interrupted', 'interrupted'],
  ] as const)('puts %s in the legend’s colour %s', (outcome, tone) => {
    expect(outcomeTone(outcome)).toBe(tone);
  });
});
