import type { Migration } from '../migrate';

/**
 * Large exchange bodies stored once each, by content hash: under load the same answer (an order, an
 * options list) repeats thousands of times, and writing it again each time dominated the log's cost.
 * An exchange keeps a small body inline, or a reference to the shared copy.
 */
export const m006ExchangeBodies: Migration = {
  version: 6,
  name: 'exchange-bodies',
  up(db) {
    db.exec(`
      CREATE TABLE exchange_bodies (hash TEXT PRIMARY KEY, text TEXT NOT NULL);
      ALTER TABLE exchanges ADD COLUMN request_body_ref TEXT;
      ALTER TABLE exchanges ADD COLUMN response_body_ref TEXT;
    `);
  },
};
