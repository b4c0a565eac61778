import type { PushOutcome, PushRecent } from '@shared/schemas/push.schema';
import { pushState } from '@shared/rules/push-state';
import { listRecentPush } from '../../store/push-recent.repo';
import type { Db } from '../../store/db';
import type { Clock } from '../clock';

/** How far back the push overview lists completed orders: past the 48-hour window, so "never" stays seen. */
export const RECENT_PUSH_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Every order with push completed in the last 7 days (simulator clock), newest first, with its push state:
 * what a newcomer looks for after a purchase, including one acknowledged before any push was needed.
 */
export function recentPush(db: Db, clock: Clock, limit = 200): PushRecent[] {
  const since = new Date(clock.now() - RECENT_PUSH_MS).toISOString();
  return listRecentPush(db, since, limit).map((r) => {
    const next = r.next_due_ms === null ? null : new Date(r.next_due_ms).toISOString();
    const row = {
      order_id: r.order_id,
      completed_at: r.created_at,
      acknowledged_at: r.acknowledged_at,
      attempts_made: r.attempts_made,
      last_outcome: r.last_outcome as PushOutcome | null,
      last_status: r.last_status,
      next_attempt_at: next,
      next_attempt_number: next === null ? null : r.attempts_made + 1,
    };
    return { ...row, state: pushState(row) };
  });
}
