import { afterEach, describe, expect, it } from 'vitest';
import { removeTempFolders, rowsOf } from '../test-kit/main-files';
import { FIXTURE_EXCHANGES, ODD_ORDER_ID } from '../test-kit/log-fixtures/fixture-exchanges';
import { flatExchanges, logFileAt } from '../test-kit/log-files';

afterEach(removeTempFolders);

describe('log migration 002: shapes and batches of entries', () => {
  it('turns each row of a layout-1 log into a shape and a batch of one entry, in order, bodies and the order index kept', () => {
    const { db, upgrade } = logFileAt(1);
    const bodies = rowsOf(db, 'exchange_bodies', 'hash');
    expect(db.prepare('SELECT count(*) FROM exchanges').pluck().get()).toBe(FIXTURE_EXCHANGES.length);

    expect(upgrade()).toEqual([2]);

    expect(flatExchanges(db)).toEqual(FIXTURE_EXCHANGES);
    const n = FIXTURE_EXCHANGES.length;
    expect(
      db
        .prepare('SELECT id, request_body_ref, response_body_ref, legacy_seq FROM exchange_shapes')
        .raw()
        .all(),
    ).toEqual(
      FIXTURE_EXCHANGES.map((e, i) => [
        i + 1,
        e.id === 'ex-7' ? expect.any(String) : null,
        ['ex-1', 'ex-4', 'ex-6'].includes(e.id) ? expect.any(String) : null,
        null,
      ]),
    );
    expect(
      db.prepare('SELECT seq, json_array_length(entries), legacy_seq FROM exchange_batches').raw().all(),
    ).toEqual(Array.from({ length: n }, (_, i) => [i + 1, 1, null]));
    expect(rowsOf(db, 'exchange_batch_orders', 'batch, order_id')).toEqual([
      { order_id: 'o-1', batch: 1 },
      { order_id: 'o-1', batch: 2 },
      { order_id: 'o-1', batch: 3 },
      { order_id: ODD_ORDER_ID, batch: 5 },
      { order_id: 'o-1', batch: 6 },
    ]);
    // Shared bodies stay where they were; the first layout's table is left empty, its index gone.
    expect(rowsOf(db, 'exchange_bodies', 'hash')).toEqual(bodies);
    expect(db.prepare('SELECT count(*) FROM exchanges').pluck().get()).toBe(0);
    expect(
      db.prepare("SELECT count(*) FROM sqlite_master WHERE name = 'exchanges_order'").pluck().get(),
    ).toBe(0);
    expect(db.pragma('user_version', { simple: true })).toBe(2);
  });
});
