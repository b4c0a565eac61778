import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../store/db';
import { readSettings, writeSettings } from '../store/settings.repo';
import { storedSecret } from './settings';

const dirs: string[] = [];
const dbs: Db[] = [];
function dbIn(dir: string): Db {
  const db = openDb(join(dir, 'simulator.db'));
  dbs.push(db);
  return db;
}
function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'checkout-sim-secret-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const db of dbs.splice(0)) db.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('a data folder’s stored secret', () => {
  it('is made once, 32 bytes, written under its key, and the same after a restart', () => {
    const dir = folder();
    const made = storedSecret(dbIn(dir), 'a_secret', () => 0);
    expect(made).toHaveLength(32);
    expect(readSettings(dbIn(dir)).a_secret).toBe(made.toString('base64url'));
    expect(storedSecret(dbIn(dir), 'a_secret', () => 0).equals(made)).toBe(true);
  });

  it('is one per key and one per data folder', () => {
    const dir = folder();
    const a = storedSecret(dbIn(dir), 'a_secret', () => 0);
    expect(storedSecret(dbIn(dir), 'b_secret', () => 0).equals(a)).toBe(false);
    expect(storedSecret(dbIn(folder()), 'a_secret', () => 0).equals(a)).toBe(false);
  });

  it('replaces a stored value too short to be one (or not text)', () => {
    const db = dbIn(folder());
    writeSettings(db, { short: 'abc', other: 7 }, new Date(0).toISOString());
    const short = storedSecret(db, 'short', () => 0);
    expect(short).toHaveLength(32);
    expect(readSettings(db).short).toBe(short.toString('base64url'));
    expect(storedSecret(db, 'other', () => 0)).toHaveLength(32);
  });
});
