import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { MIGRATIONS, migrate } from './index';
import { openDb } from '../db';

const dirs: string[] = [];
const tempFile = () => {
  const d = mkdtempSync(join(tmpdir(), 'sim-mig-'));
  dirs.push(d);
  return join(d, 'db.sqlite');
};
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('migrations', () => {
  it('records every migration once, in order, and re-running applies nothing', () => {
    const db = new Database(tempFile());
    expect(migrate(db)).toEqual(MIGRATIONS.map((m) => m.version));
    expect(migrate(db)).toEqual([]);
    const rows = db.prepare('SELECT version, name FROM schema_migrations ORDER BY version').all();
    expect(rows).toEqual(MIGRATIONS.map((m) => ({ version: m.version, name: m.name })));
  });

  it('001 creates the orders and exchanges tables', () => {
    const db = openDb(tempFile());
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all();
    expect(tables).toEqual(expect.arrayContaining(['checkout_orders', 'exchanges', 'schema_migrations']));
  });

  it('rolls a failing migration back whole and records nothing', () => {
    const db = new Database(tempFile());
    const bad = {
      version: 99,
      name: 'bad',
      up: (d: Database.Database) => d.exec('CREATE TABLE t (x); SELECT nope FROM nowhere'),
    };
    expect(() => migrate(db, [bad])).toThrow();
    expect(db.prepare("SELECT count(*) FROM sqlite_master WHERE name = 't'").pluck().get()).toBe(0);
    expect(db.prepare('SELECT count(*) FROM schema_migrations').pluck().get()).toBe(0);
  });

  it('006 adds the shared bodies table and the two reference columns', () => {
    const db = openDb(tempFile());
    const cols = db.prepare('SELECT name FROM pragma_table_info(?)').pluck().all('exchanges');
    expect(cols).toEqual(expect.arrayContaining(['request_body_ref', 'response_body_ref']));
    expect(db.prepare('SELECT name FROM pragma_table_info(?)').pluck().all('exchange_bodies')).toEqual([
      'hash',
      'text',
    ]);
  });

  it('opens in WAL mode', () => {
    const db = openDb(tempFile());
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
  });
});
