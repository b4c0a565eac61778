import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { MIGRATIONS, migrate } from './index';
import { openDb } from '../db';
import { attachLog, logFileFor } from '../log-db';
import { LOG_MIGRATIONS } from '../log-migrations';

const dirs: string[] = [];
const tempFile = () => {
  const d = mkdtempSync(join(tmpdir(), 'sim-mig-'));
  dirs.push(d);
  return join(d, 'db.sqlite');
};
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('migrations', () => {
  it('records every migration once, in order, and re-running applies nothing', () => {
    const file = tempFile();
    const db = new Database(file);
    attachLog(db, file);
    expect(migrate(db)).toEqual(MIGRATIONS.map((m) => m.version));
    expect(migrate(db)).toEqual([]);
    const rows = db.prepare('SELECT version, name FROM schema_migrations ORDER BY version').all();
    expect(rows).toEqual(MIGRATIONS.map((m) => ({ version: m.version, name: m.name })));
  });

  it('keeps the orders in the main file and the exchange log in its own file beside it', () => {
    const file = tempFile();
    const db = openDb(file);
    const tables = (schema: string) =>
      db.prepare(`SELECT name FROM ${schema}.sqlite_master WHERE type = 'table'`).pluck().all();
    expect(tables('main')).toEqual(expect.arrayContaining(['checkout_orders', 'schema_migrations']));
    expect(tables('main')).not.toContain('exchanges');
    expect(tables('log')).toEqual(expect.arrayContaining(['exchanges', 'exchange_bodies']));
    const files = db.pragma('database_list') as { name: string; file: string }[];
    expect(files.find((d) => d.name === 'log')?.file).toBe(logFileFor(file));
    expect(db.pragma('log.journal_mode', { simple: true })).toBe('wal');
    // Each file records its own migrations.
    const recorded = (schema: string) =>
      db.prepare(`SELECT version, name FROM ${schema}.schema_migrations ORDER BY version`).all();
    expect(recorded('main')).toEqual(MIGRATIONS.map((m) => ({ version: m.version, name: m.name })));
    expect(recorded('log')).toEqual(LOG_MIGRATIONS.map((m) => ({ version: m.version, name: m.name })));
  });

  it('moves an unreadable log file aside, says where, and starts a new log', () => {
    const file = tempFile();
    writeFileSync(logFileFor(file), 'this is not a database, it is plain text of some length '.repeat(200));
    const warnings: string[] = [];
    const db = openDb(file, { warn: (m) => warnings.push(m) });
    expect(db.prepare('SELECT count(*) FROM log.exchanges').pluck().get()).toBe(0);
    expect(warnings).toHaveLength(1);
    const moved = /moved to (\S+) and/.exec(warnings[0]!)![1]!;
    expect(readFileSync(moved, 'utf8')).toMatch(/^this is not a database/);
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

  it('opens in WAL mode', () => {
    const db = openDb(tempFile());
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
  });
});
