import { afterEach, describe, expect, it } from 'vitest';
import { mainFileBefore, removeTempFolders, rowsOf } from '../test-kit/main-files';

afterEach(removeTempFolders);

describe('migration 006: exchange bodies stored once', () => {
  it('keeps every exchange there was, its bodies inline and no reference, and adds the shared bodies table', () => {
    const { db, upgrade } = mainFileBefore(6);
    const put = db.prepare(`INSERT INTO main.exchanges (id, order_id, direction, kind, method, url, status,
      duration_ms, at, request_headers, request_body, response_headers, response_body, outcome, violations)
      VALUES (?, ?, 'out', 'push', 'POST', '/push', ?, 2.5, 't', '{"a":"b"}', ?, '{}', ?, ?, ?)`);
    put.run('ex1', 'o1', 200, '{"q":1}', 'x'.repeat(4000), 'delivered', '[]');
    put.run('ex2', null, null, null, null, 'timeout', '[{"rule":"r","path":"p","message":"m"}]');
    const before = rowsOf(db, 'main.exchanges') as Record<string, unknown>[];

    expect(upgrade()).toEqual([6]);

    expect(rowsOf(db, 'main.exchanges')).toEqual(
      before.map((row) => ({ ...row, request_body_ref: null, response_body_ref: null })),
    );
    // What the code after it writes: a large body once, rows referring to it.
    db.prepare("INSERT INTO main.exchange_bodies (hash, text) VALUES ('h', 'the body')").run();
    db.prepare(
      `INSERT INTO main.exchanges (id, direction, kind, method, url, duration_ms, at, request_headers,
         response_headers, response_body_ref) VALUES ('ex3', 'in', 'k', 'GET', '/', 1, 't', '{}', '{}', 'h')`,
    ).run();
    expect(
      db
        .prepare(
          `SELECT x.id, b.text FROM main.exchanges x JOIN main.exchange_bodies b ON b.hash = x.response_body_ref`,
        )
        .all(),
    ).toEqual([{ id: 'ex3', text: 'the body' }]);
  });
});
