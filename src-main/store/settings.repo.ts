import type { Db } from './db';

/** Every stored setting as parsed JSON, by key. */
export function readSettings(db: Db): Record<string, unknown> {
  const rows = db.prepare('SELECT key, value FROM settings').all() as { key: string; value: string }[];
  return Object.fromEntries(rows.map((r) => [r.key, JSON.parse(r.value)]));
}

/** Writes several settings in one transaction. */
export function writeSettings(db: Db, values: Record<string, unknown>, at: string): void {
  const upsert = db.prepare(
    'INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at',
  );
  db.transaction(() => {
    for (const [k, v] of Object.entries(values)) upsert.run(k, JSON.stringify(v), at);
  })();
}
