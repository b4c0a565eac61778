import type { PushAttempt, PushOutcome } from '@shared/schemas/push.schema';
import { firstPushDue, pushDue } from '@shared/rules/push-schedule';
import {
  finishPushAttempts,
  getPushAttempt,
  insertPushAttempt,
  listPushAttempts,
  markPushResent,
  markPushWritten,
  type AttemptResult,
  type PushAttemptRow,
} from '../../store/push-attempts.repo';
import type { TimerRow } from '../../store/timers.repo';
import type { Db } from '../../store/db';
import type { Clock } from '../clock';
import type { EventBus } from '../events';
import type { Logger } from '../log';
import type { OutboundClient, OutboundRequest } from '../outbound/callback-client';
import { getOmOrder } from '../../store/om-orders.repo';
import type { TimerKind, TimerService } from '../timers/timer-service';
import { judgePush } from './push-answer';
import { exchangeId } from '../exchanges/exchange-id';
import type { LogMarks } from '../exchanges/log-marks';
import type { PushWireMarks } from '../../store/push-wire-marks';
import type { PushFaultCalls, PushFaults, PushPayload } from './push-fault-calls';
import { lateNote, recoverAttempts } from './push-recovery';
import type { PushSchedule, PushStart } from '../order-management/push-schedule';

export const PUSH_KIND = 'push.attempt';

export type { LogMarks, PushFaults, PushStart };

/** An attempt's answer, with the log's mark once its exchange was recorded. */
type Answered = AttemptResult & { mark: number };

const iso = (ms: number) => new Date(ms).toISOString();
/** A push's own header (frozen: the log caches its JSON, see callback-client.ts). */
const PUSH_HEADERS = Object.freeze({ 'Content-Type': 'application/json' });

type AttemptFields = Omit<PushAttemptRow, 'schedule' | 'wire' | 'planned_exchange' | 'claim' | 'note'>;

export function attemptOf(r: AttemptFields & { note?: string | null }): PushAttempt {
  const a: PushAttempt = {
    order_id: r.order_id,
    number: r.number,
    due_at: iso(r.due_ms),
    sent_at: iso(r.sent_ms),
    status: r.status,
    duration_ms: r.duration_ms,
    outcome: r.outcome as PushOutcome,
    exchange_id: r.exchange_id,
  };
  if (r.note) a.note = r.note;
  return a;
}

/**
 * The push schedule. Each attempt is a timer; firing one records the attempt (outcome 'sending', wire
 * 'claimed') and schedules the next in the same transaction, then sends the empty POST. The attempt is
 * marked written just before its bytes go on the socket (PushWireMarks), then recorded with its
 * answer. So after a kill (push-recovery.ts): one claimed and never written is sent; one whose answer
 * the log holds reads it; one written and unanswered reads 'interrupted' and is not sent again (a
 * duplicate push would be worse for the timeline than a lost one; the schedule goes on).
 */
export class PushService implements PushSchedule {
  /**
   * Answers wait here until the next claim transaction or the end of the round (see TimerKind.flush),
   * and until their exchange is written to the log: an attempt is stored with its outcome and exchange
   * id only then, so after a kill an attempt names no exchange the log lacks (it reads 'interrupted').
   */
  private results: Answered[] = [];
  /** Attempts claimed and not yet answered in simulator.db (the marks file is emptied at none). */
  private open = 0;
  /** Whether a write of the buffered answers waits for the log (writeWhenLogged). */
  private awaitingLog = false;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly timers: TimerService,
    private readonly outbound: OutboundClient,
    private readonly events: EventBus,
    private readonly log: Logger,
    private readonly timeoutMs: () => number,
    private readonly logMarks: LogMarks,
    /** The calls and records of the merchant faults that go with an attempt. */
    private readonly faultCalls: PushFaultCalls,
    /**
     * Where "written" is recorded (PushWireMarks.open; null for a database without a file, in
     * simulator.db). Read and emptied here at the start; closed by close().
     */
    private readonly marks: PushWireMarks | null,
  ) {
    const r = recoverAttempts(db, timers, log, this.marks?.read() ?? new Set());
    this.marks?.clear(); // every attempt it named is settled now
    this.open = r.resend;
    if (r.fromLog + r.interrupted + r.resend > 0) {
      log.warn(
        `push attempts in flight when the simulator stopped: ${r.fromLog} answered (read from the exchange log), ` +
          `${r.interrupted} written and unanswered (interrupted), ${r.resend} never written (sent now)`,
      );
    }
    this.resendsWaiting = r.resend > 0;
  }

  /** What firing PUSH_KIND does: one attempt, the next scheduled (registered by core/timer-kinds.ts). */
  readonly attemptTimer: TimerKind = {
    claim: (t, again) => this.claim(t, again),
    flush: () => this.flush(),
  };

  /** What firing PUSH_RESEND_KIND does: an attempt claimed before a kill and never written goes now. */
  readonly resendTimer: TimerKind = { claim: (t) => this.resend(t) };

  /** Whether the start found attempts claimed and never written: they are sent at the first firing. */
  readonly resendsWaiting: boolean;

  /** Whether the order's first attempt has its answer (or failed): push_first redirects after it. */
  firstSettled(orderId: string): boolean {
    const first = this.stored(orderId)[0];
    return first !== undefined && first.outcome !== 'sending';
  }

  /** The order's attempts as stored, each answer still waiting for the log taken in (see results). */
  private stored(orderId: string): PushAttemptRow[] {
    this.flush();
    const rows = listPushAttempts(this.db, orderId);
    if (this.results.length === 0) return rows;
    const waiting = new Map(this.results.map((r) => [r.seq, r]));
    return rows.map((row) => {
      const r = waiting.get(row.seq);
      return r
        ? {
            ...row,
            status: r.status,
            duration_ms: r.duration_ms,
            outcome: r.outcome,
            exchange_id: r.exchange_id,
          }
        : row;
    });
  }

  /**
   * Schedules the first attempt (inside the caller's transaction); returns its due time and the
   * schedule's key: the id of the one timer that carries every attempt (moved in place by each claim).
   */
  start(orderId: string, url: string, completedMs: number, opts: { immediate?: boolean } = {}): PushStart {
    // Immediate: the first push goes before the customer is redirected (push first, sim-defined).
    const first = opts.immediate ? completedMs : firstPushDue(completedMs);
    const payload: PushPayload = { n: 1, url, first };
    const schedule = this.timers.add({ kind: PUSH_KIND, dueMs: first, orderId, payload });
    if (schedule === null) throw new Error(`push for order ${orderId} could not be scheduled`);
    return { firstDueMs: first, schedule };
  }

  /** Cancels every attempt not yet made (acknowledgement). */
  stop(orderId: string): number {
    return this.timers.cancelOrder(orderId, PUSH_KIND);
  }

  attempts(orderId: string): PushAttempt[] {
    return this.stored(orderId).map(attemptOf);
  }

  /**
   * `push_after_ack`: one more attempt, due now, after the schedule was stopped by the acknowledgement
   * (inside the acknowledgement's transaction). Returns whether one was scheduled.
   */
  afterAcknowledgement(orderId: string, url: string): boolean {
    const row = getOmOrder(this.db, orderId);
    if (!row || row.push_schedule === null) return false;
    const last = listPushAttempts(this.db, orderId).at(-1);
    const payload: PushPayload = {
      n: (last?.number ?? 0) + 1,
      url,
      first: row.first_push_ms ?? this.clock.now(),
      s: row.push_schedule,
      last: true,
      fault: 'push_after_ack',
    };
    return this.timers.add({ kind: PUSH_KIND, dueMs: this.clock.now(), orderId, payload }) !== null;
  }

  private claim(t: TimerRow, again: (dueMs: number, payload: PushPayload) => void): () => Promise<void> {
    const p = JSON.parse(t.payload ?? '{}') as PushPayload;
    const orderId = t.order_id!;
    const sentMs = this.clock.now();
    // The exchange's id, reserved now: a restart looks for the answer in the log under it.
    const planned = exchangeId();
    const seq = insertPushAttempt(this.db, {
      schedule: p.s ?? t.id,
      order_id: orderId,
      number: p.n,
      due_ms: t.due_ms,
      sent_ms: sentMs,
      status: null,
      duration_ms: null,
      outcome: 'sending',
      exchange_id: null,
      wire: 'claimed',
      planned_exchange: planned,
      claim: t.payload,
    });
    // Counted before its transaction commits: should it roll back, the count stays high and the marks
    // file is not emptied again in this run (never too early).
    this.open++;
    const next = p.last ? null : pushDue(p.first, p.n + 1);
    // The next attempt is this timer again, moved in place (see moveTimer).
    if (next !== null) again(next, { ...p, n: p.n + 1 });
    const lastOfWindow = next === null && !p.last;
    return () => this.send({ seq, orderId, p, dueMs: t.due_ms, sentMs, lastOfWindow, planned });
  }

  /** An attempt claimed before a stop and never written (push-recovery.ts): sent now, once. */
  private resend(t: TimerRow): (() => Promise<void>) | null {
    const { seq } = JSON.parse(t.payload ?? '{}') as { seq: number };
    const row = getPushAttempt(this.db, seq);
    if (!row || row.outcome !== 'sending' || row.wire !== 'claimed' || row.claim === null) return null;
    const p = JSON.parse(row.claim) as PushPayload;
    const sentMs = this.clock.now();
    markPushResent(this.db, seq, sentMs, lateNote(row, sentMs));
    const lastOfWindow = !p.last && pushDue(p.first, p.n + 1) === null;
    const planned = row.planned_exchange ?? exchangeId();
    const a = { seq, orderId: row.order_id, p, dueMs: row.due_ms, sentMs, lastOfWindow, planned };
    return () => this.send(a);
  }

  /** Records that the attempt's request goes on the socket now; a throw keeps it off (wire-client.ts). */
  private written(seq: number): void {
    if (this.marks) this.marks.mark(seq);
    else markPushWritten(this.db, seq);
  }

  /** Closes the marks file (after the last firing). */
  close(): void {
    this.flush();
    this.marks?.close();
  }

  /** The push itself: an empty POST to the push URL, recorded by the outbound client. */
  private async send(a: {
    seq: number;
    orderId: string;
    p: PushPayload;
    dueMs: number;
    sentMs: number;
    lastOfWindow: boolean;
    planned: string;
  }): Promise<void> {
    const { orderId, p } = a;
    const timeoutMs = this.timeoutMs();
    const request: OutboundRequest = {
      kind: 'push',
      orderId,
      method: 'POST',
      url: p.url,
      headers: PUSH_HEADERS,
      body: null,
      timeoutMs,
      ...(p.fault ? { fault: p.fault } : {}),
    };
    const own = { ...request, exchangeId: a.planned, onWrite: () => this.written(a.seq) };
    const sent = await this.outbound.send(own, (a) => judgePush(a, timeoutMs));
    const result: Answered = {
      seq: a.seq,
      status: sent.answer.status,
      duration_ms: sent.durationMs,
      outcome: sent.value,
      exchange_id: sent.exchangeId,
      mark: this.logMarks.mark(),
    };
    this.results.push(result);
    this.writeWhenLogged();
    if (this.events.has('push.attempted')) {
      this.events.emit(
        'push.attempted',
        attemptOf({ ...result, order_id: orderId, number: p.n, due_ms: a.dueMs, sent_ms: a.sentMs }),
      );
    }
    await this.faultCalls.after(orderId, p, a.lastOfWindow, request, sent.exchangeId);
  }

  /**
   * Writes the buffered answers as soon as the log holds their exchanges (else they would wait for the
   * next claim or the round's end, and a kill in between would read them as interrupted). At most one
   * waiter, for the latest answer's mark when it starts: the log settles in order.
   */
  private writeWhenLogged(): void {
    const last = this.results.at(-1);
    if (this.awaitingLog || last === undefined) return;
    this.awaitingLog = true;
    void this.logMarks.whenSettled(last.mark).then(() => {
      this.awaitingLog = false;
      this.flush();
      this.writeWhenLogged();
    });
  }

  /**
   * Writes the buffered answers in one transaction (or savepoint, inside a claim's): many pushes answer
   * within the same moment. Returns how to buffer them again if an enclosing transaction rolls back.
   */
  flush(): (() => void) | undefined {
    if (this.results.length === 0) return undefined;
    const batch: Answered[] = [];
    const later: Answered[] = [];
    for (const r of this.results) (this.logMarks.settled(r.mark) ? batch : later).push(r);
    this.results = later;
    if (batch.length === 0) return undefined;
    try {
      finishPushAttempts(this.db, batch);
    } catch (err) {
      this.log.error(`could not record the answers of ${batch.length} push attempts`, err);
      return undefined;
    }
    // Nothing in flight any more: the marks file starts again empty (not inside a transaction, which
    // could roll the answers back and leave attempts open that the file no longer names).
    this.open -= batch.length;
    if (this.marks && this.open <= 0 && this.results.length === 0 && !this.db.inTransaction)
      this.marks.clear();
    return () => {
      this.open += batch.length;
      this.results = batch.concat(this.results);
    };
  }
}
