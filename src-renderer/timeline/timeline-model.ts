import {
  PUSH_EARLY_RETRIES_MS,
  PUSH_FIRST_DELAY_MS,
  PUSH_WINDOW_MS,
  pushOffsets,
} from '@shared/rules/push-schedule';
import { type NotificationRecord } from '@shared/schemas/order-management.schema';
import { type PushAttempt, type PushOutcome, type PushTimeline } from '@shared/schemas/push.schema';
import { planTicks, timeScale, type Tick, type TimeScale } from './time-scale';

/** How a made attempt is coloured: by what its answer was. */
export type Tone = 'ok' | 'error' | 'timeout' | 'interrupted' | 'sending';

export function outcomeTone(outcome: PushOutcome): Tone {
  switch (outcome) {
    case 'delivered':
      return 'ok';
    case 'timeout':
      return 'timeout';
    case 'interrupted':
      return 'interrupted';
    case 'sending':
      return 'sending';
    case 'bad_status':
    case 'unreachable':
    case 'refused':
      return 'error';
  }
}

/** The legend: one entry per tone, in the order the console lists them. */
export const TONE_WORDS: Record<Tone, string> = {
  ok: '2xx',
  error: 'error status, unreachable or refused',
  timeout: 'timeout',
  interrupted: 'interrupted',
  sending: 'sending',
};

export interface TimelinePoint {
  number: number;
  /** Offset from the first attempt, as the plan states it. */
  offsetMs: number;
  /** Made: drawn filled at its sent time; pending: hollow at its due time; cancelled: crossed out. */
  state: 'made' | 'pending' | 'cancelled';
  x: number;
  dueAt: string;
  attempt?: PushAttempt;
  tone?: Tone;
}

export interface TimelineMark {
  x: number;
  at: string;
}

export type TimelineState = 'no-push' | 'awaiting' | 'acknowledged' | 'exhausted';

export interface TimelineModel {
  scale: TimeScale;
  ticks: Tick[];
  points: TimelinePoint[];
  ack: TimelineMark | null;
  notifications: Array<TimelineMark & { record: NotificationRecord }>;
  /** The authorization's expiry; `onScale` false when it lies after the 48 hours (it usually does: 28 days). */
  expiry: TimelineMark & { onScale: boolean };
  now: TimelineMark & { side: 'before' | 'inside' | 'after' };
  state: TimelineState;
  made: number;
  next: TimelinePoint | null;
}

const ms = (iso: string) => Date.parse(iso);

/** Everything the timeline draws, positioned: from `push.timeline` and the simulator's time now. */
export function buildTimelineModel(t: PushTimeline, nowMs: number): TimelineModel {
  const completed = ms(t.completed_at);
  const first = t.first_attempt_at ? ms(t.first_attempt_at) : null;
  const window = t.window_ends_at && first !== null ? ms(t.window_ends_at) - first : PUSH_WINDOW_MS;
  const scale = timeScale({
    firstDelayMs: first !== null ? Math.max(0, first - completed) : PUSH_FIRST_DELAY_MS,
    earlyMs: PUSH_EARLY_RETRIES_MS[PUSH_EARLY_RETRIES_MS.length - 1]!,
    windowMs: window,
  });
  const at = (iso: string): TimelineMark => ({ x: scale.x(ms(iso) - completed), at: iso });
  const attempts = new Map(t.attempts.map((a) => [a.number, a]));

  const points: TimelinePoint[] = t.planned.map((p) => {
    const attempt = attempts.get(p.number);
    if (attempt) {
      return {
        number: p.number,
        offsetMs: p.offset_ms,
        state: 'made',
        x: at(attempt.sent_at).x,
        dueAt: p.due_at,
        attempt,
        tone: outcomeTone(attempt.outcome),
      };
    }
    return {
      number: p.number,
      offsetMs: p.offset_ms,
      state: p.state === 'made' ? 'pending' : p.state,
      x: at(p.due_at).x,
      dueAt: p.due_at,
    };
  });

  const sinceNow = nowMs - completed;
  const expiryX = scale.x(ms(t.expires_at) - completed);
  return {
    scale,
    ticks: planTicks(scale, t.planned.length > 0 ? t.planned.map((p) => p.offset_ms) : pushOffsets()),
    points,
    ack: t.acknowledged_at ? at(t.acknowledged_at) : null,
    notifications: t.notifications.map((record) => ({ ...at(record.at), record })),
    expiry: { x: expiryX, at: t.expires_at, onScale: ms(t.expires_at) - completed <= scale.endMs },
    now: {
      x: scale.x(sinceNow),
      at: new Date(nowMs).toISOString(),
      side: sinceNow < 0 ? 'before' : sinceNow > scale.endMs ? 'after' : 'inside',
    },
    state: stateOf(t, points),
    made: points.filter((p) => p.state === 'made').length,
    next: points.find((p) => p.state === 'pending') ?? null,
  };
}

function stateOf(t: PushTimeline, points: TimelinePoint[]): TimelineState {
  if (t.acknowledged_at) return 'acknowledged';
  if (t.first_attempt_at === null || points.length === 0) return 'no-push';
  return points.some((p) => p.state === 'pending') ? 'awaiting' : 'exhausted';
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Where the schedule stands, in one sentence; `when` formats a time, `countdown` a span from now. */
export function summarize(
  model: TimelineModel,
  when: (iso: string) => string,
  countdown: (ms: number) => string,
): string {
  const total = model.points.length;
  switch (model.state) {
    case 'no-push':
      return 'This order has no push schedule: no push URL is registered (or it is an in-person payment).';
    case 'acknowledged': {
      const ack = when(model.ack!.at);
      const cancelled = model.points.filter((p) => p.state === 'cancelled').length;
      if (model.made === 0) return `Acknowledged ${ack}, before the first push: no push is sent.`;
      return cancelled === 0
        ? `Acknowledged ${ack} after ${plural(model.made, 'attempt')}.`
        : `Acknowledged ${ack} after ${plural(model.made, 'attempt')}: the remaining ${cancelled} planned are cancelled, the timeline stops.`;
    }
    case 'exhausted':
      return `Never acknowledged: all ${total} attempts were made, and push stopped 48 hours after the first.`;
    case 'awaiting': {
      const next = model.next!;
      const due = countdown(Date.parse(next.dueAt) - Date.parse(model.now.at));
      return `Awaiting acknowledgement: ${model.made} of ${total} attempts made; attempt ${next.number} is due ${when(next.dueAt)} (${due}).`;
    }
  }
}
