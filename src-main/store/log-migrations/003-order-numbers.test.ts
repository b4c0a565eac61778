import { afterEach, describe, expect, it } from 'vitest';
import { removeTempFolders, rowsOf, tablesOf } from '../test-kit/main-files';
import { FIXTURE_EXCHANGES, ODD_ORDER_ID } from '../test-kit/log-fixtures/fixture-exchanges';
import { flatExchanges, logFileAt } from '../test-kit/log-files';

afterEach(removeTempFolders);

describe('log migration 003: orders by number', () => {
  it('numbers the orders of a layout-2 log by their first batch and keys the index of their batches by number', () => {
    const { db, upgrade } = logFileAt(2);
    const kept = ['exchange_shapes', 'exchange_batches'].map((t) => rowsOf(db, t));
    const bodies = rowsOf(db, 'exchange_bodies', 'hash');
    expect(flatExchanges(db)).toEqual(FIXTURE_EXCHANGES);

    expect(upgrade()).toEqual([3]);

    expect(rowsOf(db, 'exchange_orders')).toEqual([
      { id: 1, order_id: 'o-1' },
      { id: 2, order_id: ODD_ORDER_ID },
    ]);
    expect(rowsOf(db, 'exchange_order_batches', 'order_ref, batch')).toEqual([
      { order_ref: 1, batch: 1 },
      { order_ref: 1, batch: 2 },
      { order_ref: 2, batch: 2 },
    ]);
    expect(tablesOf(db)).not.toContain('exchange_batch_orders');
    expect(['exchange_shapes', 'exchange_batches'].map((t) => rowsOf(db, t))).toEqual(kept);
    expect(rowsOf(db, 'exchange_bodies', 'hash')).toEqual(bodies);
    expect(flatExchanges(db)).toEqual(FIXTURE_EXCHANGES);
    expect(db.pragma('user_version', { simple: true })).toBe(3);
  });
});
