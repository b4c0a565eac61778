import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb, type Db } from '../db';
import { getConformanceRun, insertConformanceRun, listConformanceRuns } from '../shipping-conformance.repo';
import { getShippingShipment, saveShippingShipment } from '../shipping-shipments.repo';

let dir = '';
const open = (): Db => {
  dir = mkdtempSync(join(tmpdir(), 'sim-m007-'));
  return openDb(join(dir, 'db.sqlite'));
};
afterEach(() => rmSync(dir, { recursive: true, force: true }));

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
});
