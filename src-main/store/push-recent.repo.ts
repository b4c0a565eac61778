import { preparedFor, type Db } from './db';

/** A completed order with push, and what its schedule recorded. */
export interface RecentPushRow {
  order_id: string;
  created_at: string;
  acknowledged_at: string | null;
  attempts_made: number;
  last_outcome: string | null;
  last_status: number | null;
  next_due_ms: number | null;
}

const s = preparedFor((db: Db) => ({
  recent: db.prepare(
    `SELECT o.order_id, o.created_at, o.acknowledged_at,
         (SELECT count(*) FROM push_attempts a WHERE a.schedule = o.push_schedule) AS attempts_made,
         (SELECT a.outcome FROM push_attempts a WHERE a.schedule = o.push_schedule ORDER BY a.number DESC LIMIT 1) AS last_outcome,
         (SELECT a.status FROM push_attempts a WHERE a.schedule = o.push_schedule ORDER BY a.number DESC LIMIT 1) AS last_status,
         (SELECT min(t.due_ms) FROM timers t WHERE t.order_id = o.order_id AND t.kind = 'push.attempt') AS next_due_ms
       FROM om_orders o
       WHERE o.first_push_ms IS NOT NULL AND o.created_at >= ?
       ORDER BY o.created_at DESC
       LIMIT ?`,
  ),
}));

/** Orders with push completed since `sinceIso` (simulator clock), newest first, acknowledged or not. */
export function listRecentPush(db: Db, sinceIso: string, limit: number): RecentPushRow[] {
  return s(db).recent.all(sinceIso, limit) as RecentPushRow[];
}
