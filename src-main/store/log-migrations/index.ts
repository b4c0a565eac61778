import type Database from 'better-sqlite3';
import { applyMigrations, ensureMigrationsTable, type Migration } from '../migrate';
import { m001Exchanges } from './001-exchanges';
import { m002ShapesBatches } from './002-shapes-batches';
import { m003OrderNumbers } from './003-order-numbers';
import { m004LogCap } from './004-log-cap';

/**
 * Every migration of the exchange log's file (exchanges.db, see ../log-db.ts), in order. Append; never
 * edit one that has shipped. The layout they build, as of 003: `exchange_shapes` (each distinct shape
 * once, as JSON), `exchange_batches` (entries `[shape, id, at, duration_ms]`, one row per commit of the
 * writer thread), `exchange_orders` and `exchange_order_batches` (the batches of each order, by its
 * number), `exchange_bodies` (large bodies by content hash), the view `exchanges_flat`, and the first
 * layout's `exchanges`, kept empty for migration 008 of the simulator's file; 004 adds `log_stats` (how many
 * exchanges the size cap removed). Rows are only ever
 * appended, and removed only oldest first (the cap): the sequence numbers are plain rowids (no
 * AUTOINCREMENT), and only ever grow.
 */
export const LOG_MIGRATIONS: readonly Migration[] = [
  m001Exchanges,
  m002ShapesBatches,
  m003OrderNumbers,
  m004LogCap,
];

const hasMigrationsTable = (db: Database.Database): boolean =>
  db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'").get() !==
  undefined;

/**
 * Brings the log's file (the connection's main database) up to date. A log made before its migrations
 * were numbered has no `schema_migrations`: its layout number is its `PRAGMA user_version` (1 to 3),
 * and the migrations up to that number are recorded as applied before the others run. Each migration
 * sets `user_version` to its number too, in its transaction, so that a build from before the numbered
 * migrations finds the file up to date rather than building its first layout again over it.
 */
export function migrateLogFile(
  db: Database.Database,
  migrations: readonly Migration[] = LOG_MIGRATIONS,
): number[] {
  if (!hasMigrationsTable(db)) {
    const layout = db.pragma('user_version', { simple: true }) as number;
    db.transaction(() => {
      ensureMigrationsTable(db);
      const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
      const at = new Date().toISOString();
      for (const m of migrations) if (m.version <= layout) record.run(m.version, m.name, at);
    })();
  }
  return applyMigrations(
    db,
    migrations.map((m) => ({
      ...m,
      up(d: Database.Database) {
        m.up(d);
        d.pragma(`user_version = ${m.version}`);
      },
    })),
  );
}
