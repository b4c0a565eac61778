import type Database from 'better-sqlite3';
import { m001Initial } from './001-initial';
import { m002SessionsSettings } from './002-sessions-settings';
import { m003Integrator } from './003-integrator';
import { m004ElementsIpp } from './004-elements-ipp';
import { m005AfterPurchase } from './005-after-purchase';
import { m006ExchangeBodies } from './006-exchange-bodies';
import { m007Shipping } from './007-shipping';
import { m008LogOwnFile } from './008-log-own-file';
import { m009PushSchedule } from './009-push-schedule';

export interface Migration {
  version: number;
  name: string;
  up(db: Database.Database): void;
}

/** Every migration, in order. Append; never edit one that has shipped. */
export const MIGRATIONS: readonly Migration[] = [
  m001Initial,
  m002SessionsSettings,
  m003Integrator,
  m004ElementsIpp,
  m005AfterPurchase,
  m006ExchangeBodies,
  m007Shipping,
  m008LogOwnFile,
  m009PushSchedule,
];

/** Applies the migrations not yet recorded in `schema_migrations`, each in its own transaction. */
export function migrate(db: Database.Database, migrations: readonly Migration[] = MIGRATIONS): number[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`);
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
