import { afterEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { openDb } from '../db';
import { listExchanges } from '../exchanges.repo';
import { logFileFor } from '../log-db';
import { removeTempFolders, tempMainFile } from '../test-kit/main-files';
import { LOG_MIGRATIONS, migrateLogFile } from './index';
import { logFileAt, logFileBefore } from '../test-kit/log-files';

afterEach(removeTempFolders);

const recorded = (db: Database.Database) =>
  db.prepare('SELECT version, name FROM schema_migrations ORDER BY version').all();
const ALL = LOG_MIGRATIONS.map((m) => ({ version: m.version, name: m.name }));

describe("the log file's migrations", () => {
  it('build a new file, record themselves in it with its layout number, and apply nothing the second time', () => {
    const { db } = logFileBefore(1);
    expect(migrateLogFile(db)).toEqual([1, 2, 3, 4]);
    expect(recorded(db)).toEqual(ALL);
    expect(db.pragma('user_version', { simple: true })).toBe(4);
    expect(migrateLogFile(db)).toEqual([]);
  });

  it.each([1, 2, 3] as const)(
    'take a file from before they were numbered at layout %i as having applied the migrations up to it',
    (layout) => {
      const { db } = logFileAt(layout);
      expect(
        db.prepare("SELECT count(*) FROM sqlite_master WHERE name = 'schema_migrations'").pluck().get(),
      ).toBe(0);
      expect(migrateLogFile(db)).toEqual([1, 2, 3, 4].filter((v) => v > layout));
      expect(recorded(db)).toEqual(ALL);
      expect(db.pragma('user_version', { simple: true })).toBe(4);
    },
  );

  it('roll a failing migration back whole, its layout number included', () => {
    const { db } = logFileBefore(5);
    const bad = {
      version: 5,
      name: 'bad',
      up: (d: Database.Database) => d.exec('CREATE TABLE t (x); SELECT nope FROM nowhere'),
    };
    expect(() => migrateLogFile(db, [...LOG_MIGRATIONS, bad])).toThrow();
    expect(db.prepare("SELECT count(*) FROM sqlite_master WHERE name = 't'").pluck().get()).toBe(0);
    expect(recorded(db)).toEqual(ALL);
    expect(db.pragma('user_version', { simple: true })).toBe(4);
  });

  it("the log's later layouts turn each recorded exchange into one document, bodies, references and order index kept", () => {
    const file = tempMainFile();
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
    expect(db.pragma('log.user_version', { simple: true })).toBe(4);
  });
});
