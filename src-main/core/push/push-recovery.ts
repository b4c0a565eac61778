import type { Exchange } from '@shared/schemas/exchange.schema';
import { PUSH_OUTCOMES, type PushOutcome } from '@shared/schemas/push.schema';
import { inTransaction, type Db } from '../../store/db';
import { findLoggedExchanges } from '../../store/logged-exchanges.repo';
import {
  finishPushAttempts,
  interruptPushAttempt,
  notePushAttempt,
  openPushAttempts,
  type PushAttemptRow,
} from '../../store/push-attempts.repo';
import type { Logger } from '../log';
import type { TimerService } from '../timers/timer-service';

/** The timer that sends, after a restart, an attempt claimed and never written (its payload: the seq). */
export const PUSH_RESEND_KIND = 'push.resend';

const iso = (ms: number) => new Date(ms).toISOString();

// What the record can say: "written" is marked just before the write itself (a kill can land between
// the two), so the merchant may or may not have it; sending it again could make it twice.
export const INTERRUPTED_NOTE =
  "the simulator stopped as its request went to the merchant's socket, before an answer was recorded: " +
  'not sent again (the merchant has most likely received it; a stop between marking it written and ' +
  'writing it means it did not)';
export const FROM_LOG_NOTE =
  'the simulator stopped after the exchange log recorded the answer and before simulator.db did: the ' +
  'answer was read from the log at the restart';

/** What a restart found of the attempts in flight when the simulator stopped. */
export interface Recovery {
  /** Answered, the answer read from the exchange log. */
  fromLog: number;
  /** Written to the socket, no answer recorded: interrupted. */
  interrupted: number;
  /** Claimed and never written: to be sent (PUSH_RESEND_KIND). */
  resend: number;
}

/** A push exchange's outcome as push judged it (the log adds " · fault: …" to a fault's). */
function outcomeOf(e: Exchange): PushOutcome {
  const judged = (e.outcome ?? '').split(' · ')[0] as PushOutcome;
  if (PUSH_OUTCOMES.includes(judged) && judged !== 'sending' && judged !== 'interrupted') return judged;
  if (e.status === null) return 'unreachable';
  return e.status >= 200 && e.status < 300 ? 'delivered' : 'bad_status';
}

/**
 * Settles the attempts a previous run left 'sending' (it was killed), from what both files say: one
 * whose exchange the log committed reads that answer; one written to the socket and unanswered is
 * interrupted (never sent twice); one claimed and never written gets a timer at its due time (at
 * once when that has passed) that sends it. In one transaction: a kill during it changes nothing.
 */
export function recoverAttempts(
  db: Db,
  timers: TimerService,
  log: Logger,
  /** The attempts marked written in the marks file (PushWireMarks), beside those marked in simulator.db. */
  written: ReadonlySet<number>,
): Recovery {
  const open = openPushAttempts(db);
  const r: Recovery = { fromLog: 0, interrupted: 0, resend: 0 };
  if (open.length === 0) return r;
  const logged = loggedAnswers(db, open, log);
  inTransaction(db, () => {
    for (const a of open) {
      const e = a.planned_exchange === null ? undefined : logged.get(a.planned_exchange);
      if (e !== undefined) {
        const result = { seq: a.seq, status: e.status, duration_ms: e.duration_ms, exchange_id: e.id };
        finishPushAttempts(db, [{ ...result, outcome: outcomeOf(e) }]);
        notePushAttempt(db, a.seq, FROM_LOG_NOTE);
        r.fromLog++;
      } else if (a.wire === 'claimed' && !written.has(a.seq) && a.claim !== null) {
        const payload = { seq: a.seq };
        const at = { kind: PUSH_RESEND_KIND, dueMs: a.due_ms, orderId: a.order_id, payload };
        timers.add({ ...at, dedupeKey: `${PUSH_RESEND_KIND}:${a.seq}` });
        r.resend++;
      } else if (interruptPushAttempt(db, a.seq, INTERRUPTED_NOTE)) r.interrupted++;
    }
  });
  return r;
}

/** The exchanges the log holds of `open`'s attempts; none when the log cannot be read (said so). */
function loggedAnswers(db: Db, open: PushAttemptRow[], log: Logger): Map<string, Exchange> {
  const ids = new Set(open.flatMap((a) => (a.planned_exchange === null ? [] : [a.planned_exchange])));
  const since = iso(Math.min(...open.map((a) => a.sent_ms)));
  try {
    return findLoggedExchanges(db, ids, since);
  } catch (err) {
    log.error('could not read the exchange log for the answers of push attempts in flight at the stop', err);
    return new Map();
  }
}

/** Why an attempt claimed before a stop goes only now. */
export function lateNote(a: Pick<PushAttemptRow, 'due_ms' | 'sent_ms'>, nowMs: number): string {
  const late = Math.max(0, nowMs - a.due_ms);
  return (
    `due ${iso(a.due_ms)} and claimed at ${iso(a.sent_ms)}, but the simulator stopped before its request ` +
    `was written: sent after the restart, ${Math.round(late / 1000)} s late`
  );
}
