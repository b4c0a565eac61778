import type { Migration } from '../migrate';

/** The two devices a fresh simulator starts with, so a session can be sent before anything is set up. */
export const SAMPLE_DEVICES = [
  { id: 'device-counter-1', name: 'Counter 1', platform: 'android', location_id: 'store-main' },
  { id: 'device-pop-up-stand', name: 'Pop-up stand', platform: 'ios', location_id: null },
] as const;

/**
 * Elements clients, in-person devices and in-person sessions. Each keeps its API document as JSON with
 * the columns queried on; `seq` (AUTOINCREMENT, never reused) is the key cursors page on.
 */
export const m004ElementsIpp: Migration = {
  version: 4,
  name: 'elements-ipp',
  up(db) {
    db.exec(`
      CREATE TABLE elements_clients (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        merchant_id TEXT NOT NULL,
        doc TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX elements_clients_merchant ON elements_clients (merchant_id, seq);

      CREATE TABLE ipp_devices (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        name TEXT NOT NULL,
        platform TEXT NOT NULL,
        location_id TEXT,
        metadata TEXT NOT NULL DEFAULT '{}',
        created_at TEXT NOT NULL
      );

      CREATE TABLE ipp_sessions (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        session_id TEXT NOT NULL UNIQUE,
        device_id TEXT NOT NULL,
        status TEXT NOT NULL,
        expires_ms INTEGER NOT NULL,
        doc TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      -- A device runs one session at a time: the database refuses a second open one, whatever the code does.
      CREATE UNIQUE INDEX ipp_sessions_one_open ON ipp_sessions (device_id)
        WHERE status IN ('CREATED', 'ACTIVE');
      CREATE INDEX ipp_sessions_expiry ON ipp_sessions (status, expires_ms);
    `);
    const insert = db.prepare(
      'INSERT INTO ipp_devices (id, name, platform, location_id, metadata, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    );
    const at = new Date().toISOString();
    for (const d of SAMPLE_DEVICES) insert.run(d.id, d.name, d.platform, d.location_id, '{}', at);
  },
};
