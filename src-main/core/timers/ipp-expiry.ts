import type { Ipp } from '../ipp/ipp-handlers';
import type { EventBus } from '../events';
import type { TimerService } from './timer-service';

export const IPP_EXPIRY_KIND = 'ipp.session.expiry';

/**
 * In-person session expiry on the simulator clock: each new session gets a timer at its expiry time,
 * and firing sweeps every open session due by then (reads and actions still expire lazily as well,
 * so a session created before this timer existed expires all the same).
 */
export function registerIppExpiry(timers: TimerService, ipp: Ipp, events: EventBus): () => void {
  timers.register(IPP_EXPIRY_KIND, {
    claim: (t) => {
      ipp.sessions.sweepExpired(t.due_ms);
      return null;
    },
  });
  return events.on('ipp.session.updated', (s) => {
    if (s.status !== 'CREATED' || s.history.length !== 1) return;
    timers.schedule({
      kind: IPP_EXPIRY_KIND,
      dueMs: Date.parse(s.expires_at),
      subject: s.session_id,
      dedupeKey: `${IPP_EXPIRY_KIND}:${s.session_id}`,
    });
  });
}
