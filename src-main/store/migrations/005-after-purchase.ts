import type { Migration } from '../migrate';

/**
 * After the purchase: the simulator clock (one row, so a restart resumes its mode, speed and time),
 * every pending timer (a row with its due time: the schedule survives kill -9), order management
 * orders, push attempts, and the answers stored under Klarna-Idempotency-Key.
 */
export const m005AfterPurchase: Migration = {
  version: 5,
  name: 'after-purchase',
  up(db) {
    db.exec(`
      CREATE TABLE clock_state (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        mode TEXT NOT NULL CHECK (mode IN ('real', 'manual')),
        speed REAL NOT NULL,
        anchor_sim_ms INTEGER NOT NULL,
        anchor_wall_ms INTEGER NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE TABLE timers (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        kind TEXT NOT NULL,
        due_ms INTEGER NOT NULL,
        order_id TEXT,
        subject TEXT,
        payload TEXT,
        dedupe_key TEXT,
        created_ms INTEGER NOT NULL
      );
      CREATE INDEX timers_due ON timers (due_ms, id);
      -- Scheduling the same thing twice (a replayed event) keeps one timer; timers without a key
      -- (push attempts, scheduled exactly once by the claim before them) stay out of the index.
      CREATE UNIQUE INDEX timers_dedupe ON timers (dedupe_key) WHERE dedupe_key IS NOT NULL;
      CREATE INDEX timers_order ON timers (order_id, kind) WHERE order_id IS NOT NULL;
      CREATE TABLE om_orders (
        order_id TEXT PRIMARY KEY,
        status TEXT NOT NULL,
        fraud_status TEXT NOT NULL,
        doc TEXT NOT NULL,
        state TEXT NOT NULL,
        acknowledged_at TEXT,
        first_push_ms INTEGER,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX om_orders_unacknowledged ON om_orders (first_push_ms)
        WHERE acknowledged_at IS NULL AND first_push_ms IS NOT NULL;
      CREATE TABLE push_attempts (
        -- Rows are appended as attempts are claimed, so the answer's UPDATE (by seq) touches recent
        -- pages, not one random page per order as a key led by the order id would.
        seq INTEGER PRIMARY KEY,
        order_id TEXT NOT NULL,
        number INTEGER NOT NULL,
        due_ms INTEGER NOT NULL,
        sent_ms INTEGER NOT NULL,
        status INTEGER,
        duration_ms REAL,
        outcome TEXT NOT NULL,
        exchange_id TEXT,
        -- One row per attempt number: an attempt can never be recorded (or sent) twice.
        UNIQUE (order_id, number)
      );
      CREATE TABLE om_idempotency (
        idem_key TEXT NOT NULL,
        method TEXT NOT NULL,
        path TEXT NOT NULL,
        status INTEGER NOT NULL,
        headers TEXT NOT NULL,
        body TEXT,
        created_at TEXT NOT NULL,
        PRIMARY KEY (idem_key, method, path)
      ) WITHOUT ROWID;
    `);
  },
};
