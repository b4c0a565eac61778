import { afterEach, describe, expect, it } from 'vitest';
import { removeTempFolders, rowsOf } from '../test-kit/main-files';
import { FIXTURE_EXCHANGES } from '../test-kit/log-fixtures/fixture-exchanges';
import { flatExchanges, logFileAt } from '../test-kit/log-files';

afterEach(removeTempFolders);

describe('log migration 004: the size cap', () => {
  it('adds the pruned count at zero and an index of the order index by batch, keeping every exchange', () => {
    const { db, upgrade } = logFileAt(3);
    expect(upgrade()).toEqual([4]);
    expect(rowsOf(db, 'log_stats')).toEqual([{ id: 1, pruned: 0 }]);
    const plan = db
      .prepare('EXPLAIN QUERY PLAN DELETE FROM exchange_order_batches WHERE batch <= 1')
      .all() as { detail: string }[];
    expect(plan.map((p) => p.detail).join()).toContain('exchange_order_batches_batch');
    expect(flatExchanges(db)).toEqual(FIXTURE_EXCHANGES);
    expect(db.pragma('user_version', { simple: true })).toBe(4);
  });
});
