import type Database from 'better-sqlite3';

/**
 * One numbered change of a database file's schema (and of the data in it): `NNN-name.ts` exports one,
 * and its test upgrades a file of the previous layout with data in it. Both files use them: the
 * simulator's (migrations/) and the exchange log's (log-migrations/).
 */
export interface Migration {
  version: number;
  name: string;
  up(db: Database.Database): void;
}

/** Creates the file's record of applied migrations if it has none. */
export function ensureMigrationsTable(db: Database.Database): void {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`);
}

/**
 * Applies the migrations not yet recorded in the `schema_migrations` table of the connection's main
 * file, in version order, each in its own transaction with its record. Returns the versions applied.
 */
export function applyMigrations(db: Database.Database, migrations: readonly Migration[]): number[] {
  ensureMigrationsTable(db);
  const done = new Set(
    (db.prepare('SELECT version FROM schema_migrations').all() as { version: number }[]).map(
      (r) => r.version,
    ),
  );
  const applied: number[] = [];
  const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
  for (const m of [...migrations].sort((a, b) => a.version - b.version)) {
    if (done.has(m.version)) continue;
    db.transaction(() => {
      m.up(db);
      record.run(m.version, m.name, new Date().toISOString());
    })();
    applied.push(m.version);
  }
  return applied;
}
