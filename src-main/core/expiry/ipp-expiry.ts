import type { Session } from '@shared/schemas/ipp.schema';
import type { IppSessions } from '../ipp/ipp-sessions';
import type { TimerKind, TimerService } from '../timers/timer-service';

export const IPP_EXPIRY_KIND = 'ipp.session.expiry';

/**
 * In-person session expiry on the simulator clock: each new session gets a timer at its expiry time,
 * and firing sweeps every open session due by then (reads and actions still expire lazily as well,
 * so a session created before this timer existed expires all the same).
 */
export class IppExpiry {
  constructor(
    private readonly timers: TimerService,
    private readonly sessions: IppSessions,
  ) {}

  /** A session changed (`ipp.session.updated`): a new one gets its expiry timer. */
  sessionUpdated(s: Session): void {
    if (s.status !== 'CREATED' || s.history.length !== 1) return;
    this.timers.schedule({
      kind: IPP_EXPIRY_KIND,
      dueMs: Date.parse(s.expires_at),
      subject: s.session_id,
      dedupeKey: `${IPP_EXPIRY_KIND}:${s.session_id}`,
    });
  }

  /** What firing IPP_EXPIRY_KIND does (registered by core/timer-kinds.ts). */
  readonly timer: TimerKind = {
    claim: (t) => {
      this.sessions.sweepExpired(t.due_ms);
      return null;
    },
  };
}
