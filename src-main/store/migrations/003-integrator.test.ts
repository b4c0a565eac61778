import { afterEach, describe, expect, it } from 'vitest';
import {
  addOrderRow,
  mainFileBefore,
  openTempDb,
  removeTempFolders,
  rowsOf,
  tablesOf,
} from '../test-kit/main-files';
import { readIntegratorConfig, writeIntegratorConfig } from '../integrator-config.repo';
import {
  deleteExpiredIntegratorTokens,
  findIntegratorToken,
  insertIntegratorToken,
  listLiveIntegratorTokens,
} from '../integrator-tokens.repo';
import {
  getIntegratorShipment,
  insertIntegratorShipment,
  listIntegratorShipmentsBySession,
  updateIntegratorShipment,
} from '../integrator-shipments.repo';

const open = openTempDb;
afterEach(removeTempFolders);

describe('003 integrator tables and their repositories', () => {
  it('creates the three tables', () => {
    const db = open();
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all();
    expect(tables).toEqual(
      expect.arrayContaining(['integrator_config', 'integrator_tokens', 'integrator_shipments']),
    );
  });

  it('round-trips config values, tokens by expiry, and shipments by session', () => {
    const db = open();
    writeIntegratorConfig(db, 'k', { a: 1 }, 't0');
    writeIntegratorConfig(db, 'k', { a: 2 }, 't1');
    expect(readIntegratorConfig(db, 'k')).toEqual({ a: 2 });
    expect(readIntegratorConfig(db, 'none')).toBeUndefined();

    insertIntegratorToken(db, { token_hash: 'h1', identifier: 'i', issued_at: 't', expires_at_ms: 100 });
    insertIntegratorToken(db, { token_hash: 'h2', identifier: 'i', issued_at: 't', expires_at_ms: 300 });
    expect(listLiveIntegratorTokens(db, 200).map((t) => t.token_hash)).toEqual(['h2']);
    expect(deleteExpiredIntegratorTokens(db, 150)).toBe(1);
    expect(findIntegratorToken(db, 'h1')).toBeUndefined();

    const row = {
      session_id: 's',
      order_id: 'o',
      doc: '{}',
      created_at: 'a',
      updated_at: 'a',
      tracking_at_ms: 1,
    };
    insertIntegratorShipment(db, { ...row, shipment_id: 'x1' });
    insertIntegratorShipment(db, { ...row, shipment_id: 'x2' });
    expect(() => insertIntegratorShipment(db, { ...row, shipment_id: 'x1' })).toThrow(/UNIQUE/);
    expect(
      updateIntegratorShipment(db, {
        shipment_id: 'x1',
        order_id: 'o',
        doc: '{"v":2}',
        updated_at: 'b',
        tracking_at_ms: 9,
      }),
    ).toBe(true);
    expect(getIntegratorShipment(db, 'x1')).toMatchObject({ doc: '{"v":2}', tracking_at_ms: 9 });
    expect(listIntegratorShipmentsBySession(db, 's').map((r) => r.shipment_id)).toEqual(['x1', 'x2']);
  });

  it('keeps the orders, sessions, settings and exchanges there were, and adds the integrator tables empty', () => {
    const { db, upgrade } = mainFileBefore(3);
    addOrderRow(db, { doc: '{"order_id":"o1"}', session: '{"step":"done"}' });
    db.prepare(
      `INSERT INTO settings (key, value, updated_at) VALUES ('callback_timeout_ms', '5000', 't')`,
    ).run();
    db.prepare(
      `INSERT INTO main.exchanges (id, order_id, direction, kind, method, url, duration_ms, at,
      request_headers, response_headers) VALUES ('ex1', 'o1', 'out', 'push', 'POST', '/push', 3, 't', '{}', '{}')`,
    ).run();
    const before = ['checkout_orders', 'settings', 'main.exchanges'].map((t) => rowsOf(db, t));

    expect(upgrade()).toEqual([3]);

    expect(['checkout_orders', 'settings', 'main.exchanges'].map((t) => rowsOf(db, t))).toEqual(before);
    expect(tablesOf(db)).toEqual(
      expect.arrayContaining(['integrator_config', 'integrator_tokens', 'integrator_shipments']),
    );
    expect(
      ['integrator_config', 'integrator_tokens', 'integrator_shipments'].map((t) => rowsOf(db, t, '1')),
    ).toEqual([[], [], []]);
  });
});
