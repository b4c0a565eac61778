import { preparedFor, type Db } from './db';

/** An order management order: the API document and the simulator's state beside it, as JSON text. */
export interface OmOrderRow {
  order_id: string;
  status: string;
  fraud_status: string;
  doc: string;
  state: string;
  acknowledged_at: string | null;
  /** When the first push is due (epoch ms), or null when the order has nothing to push to. */
  first_push_ms: number | null;
  /** The key of its push attempts (see migration 009), or null without push. */
  push_schedule: number | null;
  created_at: string;
  updated_at: string;
}

/** An unacknowledged order with push, and what its schedule looks like now. */
export interface PendingPushRow {
  order_id: string;
  created_at: string;
  attempts_made: number;
  last_outcome: string | null;
  last_status: number | null;
  next_due_ms: number | null;
}

const s = preparedFor((db: Db) => ({
  insert: db.prepare(
    `INSERT INTO om_orders (order_id, status, fraud_status, doc, state, acknowledged_at, first_push_ms,
         push_schedule, created_at, updated_at)
       VALUES (@order_id, @status, @fraud_status, @doc, @state, @acknowledged_at, @first_push_ms,
         @push_schedule, @created_at, @updated_at)`,
  ),
  update: db.prepare(
    `UPDATE om_orders SET status = @status, fraud_status = @fraud_status, doc = @doc, state = @state,
       acknowledged_at = @acknowledged_at, updated_at = @updated_at WHERE order_id = @order_id`,
  ),
  get: db.prepare('SELECT * FROM om_orders WHERE order_id = ?'),
  pending: db.prepare(
    `SELECT o.order_id, o.created_at,
         (SELECT count(*) FROM push_attempts a WHERE a.schedule = o.push_schedule) AS attempts_made,
         (SELECT a.outcome FROM push_attempts a WHERE a.schedule = o.push_schedule ORDER BY a.number DESC LIMIT 1) AS last_outcome,
         (SELECT a.status FROM push_attempts a WHERE a.schedule = o.push_schedule ORDER BY a.number DESC LIMIT 1) AS last_status,
         (SELECT min(t.due_ms) FROM timers t WHERE t.order_id = o.order_id AND t.kind = 'push.attempt') AS next_due_ms
       FROM om_orders o
       WHERE o.acknowledged_at IS NULL AND o.first_push_ms IS NOT NULL
       ORDER BY next_due_ms IS NULL, next_due_ms, o.first_push_ms
       LIMIT ?`,
  ),
}));

export function insertOmOrder(db: Db, row: OmOrderRow): void {
  s(db).insert.run(row);
}

export function updateOmOrder(
  db: Db,
  row: Omit<OmOrderRow, 'first_push_ms' | 'push_schedule' | 'created_at'>,
): boolean {
  return s(db).update.run(row).changes === 1;
}

export function getOmOrder(db: Db, orderId: string): OmOrderRow | undefined {
  return s(db).get.get(orderId) as OmOrderRow | undefined;
}

/** Unacknowledged orders with a push URL: soonest next attempt first, exhausted schedules last. */
export function listPendingPush(db: Db, limit: number): PendingPushRow[] {
  return s(db).pending.all(limit) as PendingPushRow[];
}
