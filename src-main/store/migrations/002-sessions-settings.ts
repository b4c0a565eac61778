import type { Migration } from '../migrate';

/**
 * The simulator's own state of each checkout session (kept beside the order document, never sent to
 * the merchant) and the settings table.
 */
export const m002SessionsSettings: Migration = {
  version: 2,
  name: 'sessions-settings',
  up(db) {
    db.exec(`
      ALTER TABLE checkout_orders ADD COLUMN session TEXT;
      CREATE TABLE settings (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
    `);
  },
};
