import type { Db } from './db';

/** The fake integrator's key/value state (credentials, settings, faults), each value JSON. */
export function readIntegratorConfig(db: Db, key: string): unknown {
  const v = db.prepare('SELECT value FROM integrator_config WHERE key = ?').pluck().get(key) as
    string | undefined;
  return v === undefined ? undefined : JSON.parse(v);
}

export function writeIntegratorConfig(db: Db, key: string, value: unknown, at: string): void {
  db.prepare(
    'INSERT INTO integrator_config (key, value, updated_at) VALUES (?, ?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at',
  ).run(key, JSON.stringify(value), at);
}
