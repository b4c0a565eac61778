import { afterEach, describe, expect, it } from 'vitest';
import { addOrderRow, mainFileBefore, openTempDb, removeTempFolders, rowsOf } from '../test-kit/main-files';
import { listIppSessions } from '../ipp-sessions.repo';

const open = openTempDb;
afterEach(removeTempFolders);

const session = (id: string, device: string, status: string) => ({
  session_id: id,
  device_id: device,
  status,
  expires_ms: 0,
  doc: '{}',
  created_at: 't',
  updated_at: 't',
});
const INSERT =
  'INSERT INTO ipp_sessions (session_id, device_id, status, expires_ms, doc, created_at, updated_at) VALUES (@session_id, @device_id, @status, @expires_ms, @doc, @created_at, @updated_at)';

describe('migration 004: elements clients and in-person payments', () => {
  it('creates the three tables and seeds the two sample devices', () => {
    const db = open();
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all();
    expect(tables).toEqual(expect.arrayContaining(['elements_clients', 'ipp_devices', 'ipp_sessions']));
    expect(db.prepare('SELECT id, name, platform FROM ipp_devices ORDER BY seq').all()).toEqual([
      { id: 'device-counter-1', name: 'Counter 1', platform: 'android' },
      { id: 'device-pop-up-stand', name: 'Pop-up stand', platform: 'ios' },
    ]);
  });

  it('lets a device hold one open session at most, any number of finished ones', () => {
    const db = open();
    const insert = db.prepare(INSERT);
    insert.run(session('a', 'd', 'FINALIZED'));
    insert.run(session('b', 'd', 'CANCELLED'));
    insert.run(session('c', 'd', 'CREATED'));
    expect(() => insert.run(session('e', 'd', 'ACTIVE'))).toThrow(/UNIQUE/);
    insert.run(session('f', 'other', 'ACTIVE'));
  });

  it("keeps the orders and the fake integrator's state there were, and starts with the two sample devices", () => {
    const { db, upgrade } = mainFileBefore(4);
    addOrderRow(db, { status: 'checkout_incomplete', session: null });
    db.prepare(
      `INSERT INTO integrator_config (key, value, updated_at) VALUES ('faults', '{"shipment":"500"}', 't')`,
    ).run();
    db.prepare(
      `INSERT INTO integrator_tokens (token_hash, identifier, issued_at, expires_at_ms)
      VALUES ('h', 'id', 't', 99)`,
    ).run();
    db.prepare(
      `INSERT INTO integrator_shipments (shipment_id, session_id, order_id, doc, created_at, updated_at,
      tracking_at_ms) VALUES ('s1', 'sess', 'o1', '{}', 't', 't', 5)`,
    ).run();
    const kept = ['checkout_orders', 'integrator_config', 'integrator_tokens', 'integrator_shipments'];
    const before = kept.map((t) => rowsOf(db, t));

    expect(upgrade()).toEqual([4]);

    expect(kept.map((t) => rowsOf(db, t))).toEqual(before);
    expect(db.prepare('SELECT id, location_id FROM ipp_devices ORDER BY seq').all()).toEqual([
      { id: 'device-counter-1', location_id: 'store-main' },
      { id: 'device-pop-up-stand', location_id: null },
    ]);
    expect(rowsOf(db, 'elements_clients')).toEqual([]);
    expect(listIppSessions(db, 10)).toEqual([]);
  });
});
