import type { Migration } from '../migrate';

/** Checkout orders (the document kept whole as JSON, with the columns we query on) and the exchange log. */
export const m001Initial: Migration = {
  version: 1,
  name: 'initial',
  up(db) {
    db.exec(`
      CREATE TABLE checkout_orders (
        order_id TEXT PRIMARY KEY,
        status TEXT NOT NULL,
        doc TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX checkout_orders_created ON checkout_orders (created_at);

      CREATE TABLE exchanges (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        order_id TEXT,
        direction TEXT NOT NULL CHECK (direction IN ('in', 'out')),
        kind TEXT NOT NULL,
        method TEXT NOT NULL,
        url TEXT NOT NULL,
        status INTEGER,
        duration_ms REAL NOT NULL,
        at TEXT NOT NULL,
        request_headers TEXT NOT NULL,
        request_body TEXT,
        response_headers TEXT NOT NULL,
        response_body TEXT,
        outcome TEXT,
        violations TEXT NOT NULL DEFAULT '[]'
      );
      CREATE INDEX exchanges_order ON exchanges (order_id, seq);
    `);
  },
};
