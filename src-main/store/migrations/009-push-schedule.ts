import type { Migration } from '../migrate';

/**
 * Push attempts keyed by their schedule, not by their order id. An order's push attempts come from one
 * timer row that moves forward in place (see moveTimer); its id is the schedule's key, and the order
 * records it. Schedules are numbered in completion order, which is the order an advance fires them in,
 * so a batch of attempts lands on a few neighbouring index pages instead of one random page per order
 * (an order id is a random UUID): at ten thousand orders that was most of what each commit wrote.
 *
 * Existing data: an order's schedule is its pending push timer, or (schedule over) a negative number
 * of its own.
 */
export const m009PushSchedule: Migration = {
  version: 9,
  name: 'push-schedule',
  up(db) {
    db.exec(`
      ALTER TABLE om_orders ADD COLUMN push_schedule INTEGER;
      UPDATE om_orders SET push_schedule = coalesce(
        (SELECT min(t.id) FROM timers t WHERE t.order_id = om_orders.order_id AND t.kind = 'push.attempt'),
        CASE WHEN EXISTS (SELECT 1 FROM push_attempts a WHERE a.order_id = om_orders.order_id)
          THEN -rowid END);
      CREATE TABLE push_attempts_v9 (
        -- Rows are appended as attempts are claimed, so the answer's UPDATE (by seq) touches recent pages.
        seq INTEGER PRIMARY KEY,
        schedule INTEGER NOT NULL,
        order_id TEXT NOT NULL,
        number INTEGER NOT NULL,
        due_ms INTEGER NOT NULL,
        sent_ms INTEGER NOT NULL,
        status INTEGER,
        duration_ms REAL,
        outcome TEXT NOT NULL,
        exchange_id TEXT,
        -- One row per attempt number: an attempt can never be recorded (or sent) twice.
        UNIQUE (schedule, number)
      );
      INSERT INTO push_attempts_v9 (seq, schedule, order_id, number, due_ms, sent_ms, status, duration_ms,
          outcome, exchange_id)
        SELECT a.seq, coalesce(o.push_schedule, -1000000000000 - a.seq), a.order_id, a.number, a.due_ms,
            a.sent_ms, a.status, a.duration_ms, a.outcome, a.exchange_id
          FROM push_attempts a LEFT JOIN om_orders o ON o.order_id = a.order_id
          ORDER BY a.seq;
      DROP TABLE push_attempts;
      ALTER TABLE push_attempts_v9 RENAME TO push_attempts;
    `);
  },
};
