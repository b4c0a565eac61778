import type { Migration } from '../migrate';

/**
 * The log's size cap (settings `log_max_bytes`): the writer thread removes the oldest batches when the
 * log outgrows it. `log_stats` counts the exchanges removed so (since the log was last emptied: clearing
 * starts a new file), and the index by batch lets their order-index rows go without a full scan (batch
 * numbers only grow, so the index is appended to, never rewritten in the middle).
 */
export const m004LogCap: Migration = {
  version: 4,
  name: 'log-cap',
  up(db) {
    db.exec(`
      CREATE TABLE log_stats (id INTEGER PRIMARY KEY CHECK (id = 1), pruned INTEGER NOT NULL);
      INSERT INTO log_stats (id, pruned) VALUES (1, 0);
      CREATE INDEX exchange_order_batches_batch ON exchange_order_batches (batch);
    `);
  },
};
