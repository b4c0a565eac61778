import { afterEach, describe, expect, it } from 'vitest';
import { removeTempFolders, rowsOf, tablesOf } from '../test-kit/main-files';
import { logFileBefore } from '../test-kit/log-files';

afterEach(removeTempFolders);

describe('log migration 001: one row per exchange', () => {
  it('turns an empty file into a log whose rows keep each exchange, bodies inline or by reference (the layout before it has no tables, so no data)', () => {
    const { db, upgrade } = logFileBefore(1);
    expect(tablesOf(db)).toEqual(['schema_migrations']);
    expect(upgrade()).toEqual([1]);
    expect(tablesOf(db)).toEqual(['exchange_bodies', 'exchanges', 'schema_migrations']);
    const put = db.prepare(`INSERT INTO exchanges (id, order_id, direction, kind, method, url, status,
      duration_ms, at, request_headers, request_body, response_headers, response_body_ref, violations)
      VALUES (?, ?, 'in', 'checkout.read', 'GET', '/x', 200, 1.5, 't', '{}', ?, '{}', ?, '[]')`);
    put.run('ex1', 'o1', '{"q":1}', 'h');
    put.run('ex1', 'o1', null, null); // ids are not unique here: the writer never reads them back
    db.prepare("INSERT INTO exchange_bodies (hash, text) VALUES ('h', 'the body')").run();
    expect(
      db
        .prepare(
          `SELECT x.seq, x.request_body, b.text FROM exchanges x LEFT JOIN exchange_bodies b ON b.hash = x.response_body_ref
           WHERE x.order_id = 'o1' ORDER BY x.seq`,
        )
        .raw()
        .all(),
    ).toEqual([
      [1, '{"q":1}', 'the body'],
      [2, null, null],
    ]);
    expect(() =>
      db
        .prepare(
          `INSERT INTO exchanges (id, direction, kind, method, url, duration_ms, at, request_headers, response_headers)
           VALUES ('x', 'up', 'k', 'GET', '/', 1, 't', '{}', '{}')`,
        )
        .run(),
    ).toThrow(/CHECK/);
    expect(rowsOf(db, 'exchange_bodies', 'hash')).toEqual([{ hash: 'h', text: 'the body' }]);
  });
});
