import type { PushAttempt, PushOutcome } from '@shared/schemas/push.schema';
import { firstPushDue, pushDue } from '@shared/rules/push-schedule';
import {
  finishPushAttempts,
  insertPushAttempt,
  interruptSendingAttempts,
  listPushAttempts,
  type AttemptResult,
  type PushAttemptRow,
} from '../../store/push-attempts.repo';
import type { TimerRow } from '../../store/timers.repo';
import type { Db } from '../../store/db';
import type { Clock } from '../clock';
import type { EventBus } from '../events';
import type { Logger } from '../log';
import type { OutboundClient } from '../outbound/callback-client';
import type { TimerService } from '../timers/timer-service';
import { judgePush } from './push-answer';

export const PUSH_KIND = 'push.attempt';

/** What a push timer carries: the attempt number, the URL (expanded), and the first attempt's due time. */
interface PushPayload {
  n: number;
  url: string;
  first: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

export function attemptOf(r: PushAttemptRow): PushAttempt {
  return {
    order_id: r.order_id,
    number: r.number,
    due_at: iso(r.due_ms),
    sent_at: iso(r.sent_ms),
    status: r.status,
    duration_ms: r.duration_ms,
    outcome: r.outcome as PushOutcome,
    exchange_id: r.exchange_id,
  };
}

/**
 * The push schedule. Each attempt is a timer; firing one records the attempt (outcome 'sending') and
 * schedules the next in the same transaction, then sends the empty POST. An attempt is therefore made
 * at most once: if the simulator dies mid-call, the attempt reads 'interrupted' after the restart and is
 * not sent again (a duplicate push would be worse for the timeline than a lost one; the schedule goes on).
 */
export class PushService {
  // Answers wait here until the next claim transaction or the end of the round (see TimerKind.flush).
  private results: AttemptResult[] = [];

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly timers: TimerService,
    private readonly outbound: OutboundClient,
    private readonly events: EventBus,
    private readonly log: Logger,
    private readonly timeoutMs: () => number,
  ) {
    const interrupted = interruptSendingAttempts(db);
    if (interrupted > 0)
      log.warn(`${interrupted} push attempts were in flight when the simulator stopped: marked interrupted`);
    timers.register(PUSH_KIND, { claim: (t) => this.claim(t), flush: () => this.flush() });
  }

  /** Schedules the first attempt (inside the caller's transaction); returns its due time. */
  start(orderId: string, url: string, completedMs: number): number {
    const first = firstPushDue(completedMs);
    this.scheduleAttempt(orderId, { n: 1, url, first }, first);
    return first;
  }

  /** Cancels every attempt not yet made (acknowledgement). */
  stop(orderId: string): number {
    return this.timers.cancelOrder(orderId, PUSH_KIND);
  }

  attempts(orderId: string): PushAttempt[] {
    this.flush();
    return listPushAttempts(this.db, orderId).map(attemptOf);
  }

  // No dedupe key: each attempt is scheduled once, by the claim of the one before (or by start).
  private scheduleAttempt(orderId: string, p: PushPayload, dueMs: number): void {
    this.timers.schedule({ kind: PUSH_KIND, dueMs, orderId, payload: p });
  }

  private claim(t: TimerRow): () => Promise<void> {
    const p = JSON.parse(t.payload ?? '{}') as PushPayload;
    const orderId = t.order_id!;
    const sentMs = this.clock.now();
    const seq = insertPushAttempt(this.db, {
      order_id: orderId,
      number: p.n,
      due_ms: t.due_ms,
      sent_ms: sentMs,
      status: null,
      duration_ms: null,
      outcome: 'sending',
      exchange_id: null,
    });
    const next = pushDue(p.first, p.n + 1);
    if (next !== null) this.scheduleAttempt(orderId, { ...p, n: p.n + 1 }, next);
    return () => this.send({ seq, orderId, p, dueMs: t.due_ms, sentMs });
  }

  /** The push itself: an empty POST to the push URL, recorded by the outbound client. */
  private async send(a: {
    seq: number;
    orderId: string;
    p: PushPayload;
    dueMs: number;
    sentMs: number;
  }): Promise<void> {
    const { orderId, p } = a;
    const timeoutMs = this.timeoutMs();
    const sent = await this.outbound.send(
      {
        kind: 'push',
        orderId,
        method: 'POST',
        url: p.url,
        headers: { 'content-type': 'application/json' },
        body: null,
        timeoutMs,
      },
      (a) => judgePush(a, timeoutMs),
    );
    const result: AttemptResult = {
      seq: a.seq,
      status: sent.answer.status,
      duration_ms: sent.durationMs,
      outcome: sent.value,
      exchange_id: sent.exchangeId,
    };
    this.results.push(result);
    this.events.emit(
      'push.attempted',
      attemptOf({ ...result, order_id: orderId, number: p.n, due_ms: a.dueMs, sent_ms: a.sentMs }),
    );
  }

  /** Writes the buffered answers in one transaction: many pushes answer within the same moment. */
  flush(): void {
    if (this.results.length === 0) return;
    const batch = this.results;
    this.results = [];
    try {
      finishPushAttempts(this.db, batch);
    } catch (err) {
      this.log.error(`could not record the answers of ${batch.length} push attempts`, err);
    }
  }
}
