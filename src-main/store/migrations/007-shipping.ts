import type { Migration } from '../migrate';

/**
 * The shipping assistant: each purchase's shipment at the integrator with its tracking as last polled
 * (one row per checkout order), and the conformance runs with their scorecards.
 */
export const m007Shipping: Migration = {
  version: 7,
  name: 'shipping',
  up(db) {
    db.exec(`
      CREATE TABLE shipping_shipments (
        order_id TEXT PRIMARY KEY,
        session_id TEXT NOT NULL,
        shipment_id TEXT NOT NULL,
        -- The integrator's last answer (POST, PUT or GET /shipment) as JSON.
        doc TEXT NOT NULL,
        status TEXT NOT NULL,
        polls INTEGER NOT NULL DEFAULT 0,
        last_polled_at TEXT,
        next_poll_ms INTEGER,
        poll_until_ms INTEGER,
        last_error TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE TABLE shipping_conformance_runs (
        run_id TEXT PRIMARY KEY,
        at TEXT NOT NULL,
        base_url TEXT NOT NULL,
        identifier TEXT NOT NULL,
        passed INTEGER NOT NULL,
        failed INTEGER NOT NULL,
        skipped INTEGER NOT NULL,
        doc TEXT NOT NULL
      );
      CREATE INDEX shipping_conformance_runs_at ON shipping_conformance_runs (at);
    `);
  },
};
