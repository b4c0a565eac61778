import type { Migration } from '../migrate';

/**
 * The built-in fake integrator: its key/value state (credentials, settings, fault switches), the bearer
 * tokens it issued (by hash, with their expiry on the simulator clock) and the shipments it created.
 */
export const m003Integrator: Migration = {
  version: 3,
  name: 'integrator',
  up(db) {
    db.exec(`
      CREATE TABLE integrator_config (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE TABLE integrator_tokens (
        token_hash TEXT PRIMARY KEY,
        identifier TEXT NOT NULL,
        issued_at TEXT NOT NULL,
        expires_at_ms INTEGER NOT NULL
      );
      CREATE INDEX integrator_tokens_expiry ON integrator_tokens (expires_at_ms);
      CREATE TABLE integrator_shipments (
        shipment_id TEXT PRIMARY KEY,
        session_id TEXT NOT NULL,
        order_id TEXT,
        doc TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        tracking_at_ms INTEGER NOT NULL
      );
      CREATE INDEX integrator_shipments_session ON integrator_shipments (session_id);
    `);
  },
};
