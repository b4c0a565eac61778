import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { MIGRATIONS, migrate } from './index';
import { openDb } from '../db';
import { attachLog, logFileFor } from '../log-db';
import { listPushAttempts } from '../push-attempts.repo';
import { listExchanges } from '../exchanges.repo';

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
  });

  it('009 keys push attempts by schedule: a pending schedule keeps its timer, a finished one a number of its own', () => {
    const file = tempFile();
    const old = new Database(file);
    attachLog(old, file);
    migrate(
      old,
      MIGRATIONS.filter((m) => m.version < 9),
    );
    const order =
      old.prepare(`INSERT INTO om_orders (order_id, status, fraud_status, doc, state, first_push_ms,
      created_at, updated_at) VALUES (?, 'AUTHORIZED', 'ACCEPTED', '{}', '{}', ?, 't', 't')`);
    order.run('pending', 1);
    order.run('finished', 1);
    order.run('in-person', null);
    const timer = old.prepare(`INSERT INTO timers (id, kind, due_ms, order_id, payload, created_ms)
      VALUES (?, ?, 9, ?, '{}', 0)`);
    timer.run(41, 'push.attempt', 'pending');
    timer.run(42, 'om.expiry', 'finished');
    const attempt = old.prepare(`INSERT INTO push_attempts (order_id, number, due_ms, sent_ms, outcome)
      VALUES (?, ?, 1, 1, 'delivered')`);
    attempt.run('pending', 1);
    attempt.run('finished', 1);
    attempt.run('finished', 2);
    old.close();
    const db = openDb(file);
    const schedules = db.prepare('SELECT order_id, push_schedule FROM om_orders ORDER BY rowid').all();
    expect(schedules).toEqual([
      { order_id: 'pending', push_schedule: 41 },
      { order_id: 'finished', push_schedule: -2 },
      { order_id: 'in-person', push_schedule: null },
    ]);
    expect(listPushAttempts(db, 'finished').map((a) => [a.schedule, a.number])).toEqual([
      [-2, 1],
      [-2, 2],
    ]);
    expect(listPushAttempts(db, 'pending').map((a) => [a.schedule, a.number])).toEqual([[41, 1]]);
    expect(() =>
      db
        .prepare(
          "INSERT INTO push_attempts (schedule, order_id, number, due_ms, sent_ms, outcome) VALUES (41, 'pending', 1, 1, 1, 'x')",
        )
        .run(),
    ).toThrow(/UNIQUE/);
  });

  it('008 moves the exchanges recorded before it into the log file, in order, bodies included', () => {
    const file = tempFile();
    const old = new Database(file);
    attachLog(old, file);
    migrate(
      old,
      MIGRATIONS.filter((m) => m.version < 8),
    );
    const put =
      old.prepare(`INSERT INTO main.exchanges (id, order_id, direction, kind, method, url, duration_ms,
      at, request_headers, response_headers, response_body_ref) VALUES (?, ?, 'in', 'k', 'GET', '/', 1, 'now', '{}', '{}', ?)`);
    put.run('ex_b', 'o9', 'h');
    put.run('ex_a', null, null);
    put.run('ex_c', 'o9', null);
    old.prepare("INSERT INTO main.exchange_bodies (hash, text) VALUES ('h', 'the body')").run();
    old.close();
    const db = openDb(file);
    expect(listExchanges(db, { limit: 10, ascending: true }).map((e) => [e.id, e.response.body])).toEqual([
      ['ex_b', 'the body'],
      ['ex_a', null],
      ['ex_c', null],
    ]);
    expect(listExchanges(db, { orderId: 'o9', limit: 10 }).map((e) => e.id)).toEqual(['ex_c', 'ex_b']);
    // They went on into the log's current layout; the first layout's table is left empty.
    expect(db.prepare('SELECT count(*) FROM log.exchanges').pluck().get()).toBe(0);
    expect(db.prepare("SELECT count(*) FROM main.sqlite_master WHERE name = 'exchanges'").pluck().get()).toBe(
      0,
    );
  });

  it("the log's later layouts turn each recorded exchange into one document, bodies, references and order index kept", () => {
    const file = tempFile();
    const logFile = logFileFor(file);
    const old = new Database(logFile);
    old.exec(`CREATE TABLE exchanges (seq INTEGER PRIMARY KEY, id TEXT NOT NULL, order_id TEXT,
      direction TEXT NOT NULL, kind TEXT NOT NULL, method TEXT NOT NULL, url TEXT NOT NULL, status INTEGER,
      duration_ms REAL NOT NULL, at TEXT NOT NULL, request_headers TEXT NOT NULL, request_body TEXT,
      request_body_ref TEXT, response_headers TEXT NOT NULL, response_body TEXT, response_body_ref TEXT,
      outcome TEXT, violations TEXT NOT NULL DEFAULT '[]');
      CREATE INDEX exchanges_order ON exchanges (order_id, seq);
      CREATE TABLE exchange_bodies (hash TEXT PRIMARY KEY, text TEXT NOT NULL) WITHOUT ROWID;
      PRAGMA user_version = 1;`);
    const put = old.prepare(`INSERT INTO exchanges (id, order_id, direction, kind, method, url, status,
      duration_ms, at, request_headers, request_body, response_headers, response_body_ref, outcome, violations)
      VALUES (?, ?, ?, 'push', 'POST', '/p', ?, 1.5, '2026-01-01T00:00:00.000Z', ?, ?, '{}', ?, ?, ?)`);
    put.run('ex_1', 'o1', 'out', 200, '{"a":"b"}', '{"q":1}', 'h', 'delivered', '[]');
    put.run('ex_2', null, 'in', null, '{}', null, null, null, '[{"rule":"r","path":"p","message":"m"}]');
    put.run('ex_3', 'o2', 'out', 500, '{}', null, null, 'error', '[]');
    put.run('ex_4', 'o1', 'out', 200, '{}', null, null, 'delivered', '[]');
    old.prepare("INSERT INTO exchange_bodies VALUES ('h', 'the shared body')").run();
    old.close();
    const db = openDb(file);
    expect(listExchanges(db, { limit: 2, ascending: true })).toEqual([
      {
        id: 'ex_1',
        order_id: 'o1',
        direction: 'out',
        kind: 'push',
        method: 'POST',
        url: '/p',
        status: 200,
        duration_ms: 1.5,
        at: '2026-01-01T00:00:00.000Z',
        request: { headers: { a: 'b' }, body: '{"q":1}' },
        response: { headers: {}, body: 'the shared body' },
        outcome: 'delivered',
        violations: [],
      },
      expect.objectContaining({
        id: 'ex_2',
        order_id: null,
        status: null,
        outcome: null,
        response: { headers: {}, body: null },
        violations: [{ rule: 'r', path: 'p', message: 'm' }],
      }),
    ]);
    // Through layout 2's index of batches by order id into layout 3's, keyed by a number per order.
    expect(listExchanges(db, { orderId: 'o1', limit: 10 }).map((e) => e.id)).toEqual(['ex_4', 'ex_1']);
    expect(listExchanges(db, { orderId: 'o2', limit: 10 }).map((e) => e.id)).toEqual(['ex_3']);
    expect(db.prepare('SELECT id, order_id FROM log.exchange_orders ORDER BY id').raw().all()).toEqual([
      [1, 'o1'],
      [2, 'o2'],
    ]);
    expect(
      db.prepare("SELECT count(*) FROM log.sqlite_master WHERE name = 'exchange_batch_orders'").pluck().get(),
    ).toBe(0);
    expect(db.pragma('log.user_version', { simple: true })).toBe(3);
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

  it('006 adds the shared bodies table and the two reference columns', () => {
    const db = new Database(tempFile());
    migrate(
      db,
      MIGRATIONS.filter((m) => m.version <= 6),
    );
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
