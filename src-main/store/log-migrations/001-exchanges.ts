import type { Migration } from '../migrate';

/**
 * The log's first layout: one row per exchange, large bodies once each by content hash (an order read a
 * thousand times is one row of exchange_bodies). Later layouts store exchanges otherwise, but the
 * `exchanges` table stays, empty: migration 008 of the simulator's file copies its older rows into it,
 * and `openDb` then moves them on (log-db.ts `drainLegacyExchanges`).
 */
export const m001Exchanges: Migration = {
  version: 1,
  name: 'exchanges',
  up(db) {
    db.exec(`
      CREATE TABLE exchanges (
        seq INTEGER PRIMARY KEY,
        id TEXT NOT NULL,
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
        request_body_ref TEXT,
        response_headers TEXT NOT NULL,
        response_body TEXT,
        response_body_ref TEXT,
        outcome TEXT,
        violations TEXT NOT NULL DEFAULT '[]'
      );
      CREATE INDEX exchanges_order ON exchanges (order_id, seq);
      CREATE TABLE exchange_bodies (hash TEXT PRIMARY KEY, text TEXT NOT NULL) WITHOUT ROWID;
    `);
  },
};
