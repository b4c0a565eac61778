import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { ManualClock } from '../core/clock';
import { createCore, type Core } from '../core/create-core';
import { silentLogger } from '../core/log';
import { isDiskFull } from '../store/disk-full';
import { openStore } from '../store/store';
import { sampleOrder } from './temp-core';

export { isDiskFull };

/**
 * A core whose simulator file can be made full for real with SQLite's max_page_count: the file may not
 * grow, so a write that needs a new page fails with SQLITE_FULL, as on a full disk (a small write may
 * still fit in room left on a page, as on a real disk).
 */
export function fullDiskCore(): { core: Core; dir: string; fill(): void; dispose(): Promise<void> } {
  const dir = mkdtempSync(join(tmpdir(), 'checkout-sim-full-'));
  const store = openStore(join(dir, 'simulator.db'));
  const core = createCore({ ...store, clock: new ManualClock(), log: silentLogger });
  return {
    core,
    dir,
    fill() {
      const pages = store.db.pragma('page_count', { simple: true }) as number;
      store.db.pragma(`max_page_count = ${pages}`);
      for (let i = 0; i < 10_000; i++) {
        try {
          core.orders.create(sampleOrder());
        } catch (err) {
          if (isDiskFull(err)) return;
          throw err;
        }
      }
      throw new Error('the file never filled up');
    },
    async dispose() {
      await core.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A real SQLITE_FULL, from a database that may not grow. */
export function sqliteFull(): unknown {
  const db = new Database(':memory:');
  db.exec('CREATE TABLE t (x TEXT)');
  db.pragma('max_page_count = 2');
  try {
    for (;;) db.prepare('INSERT INTO t VALUES (?)').run('x'.repeat(4000));
  } catch (err) {
    return err;
  } finally {
    db.close();
  }
}
