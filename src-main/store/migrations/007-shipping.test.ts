import { afterEach, describe, expect, it } from 'vitest';
import { addOrderRow, mainFileBefore, openTempDb, removeTempFolders, rowsOf } from '../test-kit/main-files';
import { getConformanceRun, insertConformanceRun, listConformanceRuns } from '../shipping-conformance.repo';
import { getShippingShipment, saveShippingShipment } from '../shipping-shipments.repo';

const open = openTempDb;
afterEach(removeTempFolders);

describe('007 shipping tables and their repositories', () => {
  it('keeps one shipment row per order (created_at from the first save) and conformance runs newest first', () => {
    const db = open();
    const row = {
      order_id: 'o1',
      session_id: 's',
      shipment_id: 'shp-1',
      doc: '{}',
      status: 'reserved',
      polls: 0,
      last_polled_at: null,
      next_poll_ms: null,
      poll_until_ms: null,
      last_error: null,
      created_at: 't0',
      updated_at: 't0',
    };
    saveShippingShipment(db, row);
    saveShippingShipment(db, { ...row, status: 'polling', polls: 2, created_at: 't9', updated_at: 't1' });
    expect(getShippingShipment(db, 'o1')).toEqual({ ...row, status: 'polling', polls: 2, updated_at: 't1' });
    const run = (id: string, at: string) => ({
      run_id: id,
      at,
      base_url: 'b',
      identifier: 'i',
      passed: 1,
      failed: 0,
      skipped: 0,
      doc: '{}',
    });
    insertConformanceRun(db, run('r1', '2026-01-01T00:00:00Z'));
    insertConformanceRun(db, run('r2', '2026-01-02T00:00:00Z'));
    expect(listConformanceRuns(db, 10).map((r) => r.run_id)).toEqual(['r2', 'r1']);
    expect(getConformanceRun(db, 'r1')?.doc).toBe('{}');
    db.close();
  });

  it('keeps the orders, timers, order management state and push attempts there were, and adds the shipping tables empty', () => {
    const { db, upgrade } = mainFileBefore(7);
    addOrderRow(db);
    db.prepare(
      `INSERT INTO om_orders (order_id, status, fraud_status, doc, state, first_push_ms, created_at,
      updated_at) VALUES ('o1', 'AUTHORIZED', 'ACCEPTED', '{}', '{}', 120000, 't', 't')`,
    ).run();
    db.prepare(
      `INSERT INTO timers (kind, due_ms, order_id, payload, created_ms)
      VALUES ('push.attempt', 120000, 'o1', '{"n":2}', 0)`,
    ).run();
    db.prepare(
      `INSERT INTO push_attempts (order_id, number, due_ms, sent_ms, status, duration_ms, outcome)
      VALUES ('o1', 1, 120000, 120001, 500, 2.5, 'failed')`,
    ).run();
    db.prepare(
      `INSERT INTO clock_state (id, mode, speed, anchor_sim_ms, anchor_wall_ms, updated_at)
      VALUES (1, 'manual', 1, 5, 6, 't')`,
    ).run();
    db.prepare(
      `INSERT INTO om_idempotency (idem_key, method, path, status, headers, body, created_at)
      VALUES ('k', 'POST', '/p', 201, '{}', NULL, 't')`,
    ).run();
    const kept = ['checkout_orders', 'om_orders', 'timers', 'push_attempts', 'clock_state'];
    const before = [...kept.map((t) => rowsOf(db, t)), rowsOf(db, 'om_idempotency', '1')];

    expect(upgrade()).toEqual([7]);

    expect([...kept.map((t) => rowsOf(db, t)), rowsOf(db, 'om_idempotency', '1')]).toEqual(before);
    expect(getShippingShipment(db, 'o1')).toBeUndefined();
    expect(listConformanceRuns(db, 10)).toEqual([]);
  });
});
