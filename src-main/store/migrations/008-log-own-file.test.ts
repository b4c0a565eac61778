import { afterEach, describe, expect, it } from 'vitest';
import { openDb } from '../db';
import { listExchanges } from '../exchanges.repo';
import { mainFileBefore, removeTempFolders, rowsOf, tablesOf } from '../test-kit/main-files';

afterEach(removeTempFolders);

/** A main file at layout 7 with three exchanges (one body shared by reference, one inline). */
function fileWithExchanges() {
  const before = mainFileBefore(8);
  const put = before.db
    .prepare(`INSERT INTO main.exchanges (id, order_id, direction, kind, method, url, status,
    duration_ms, at, request_headers, request_body, response_headers, response_body_ref, outcome, violations)
    VALUES (?, ?, 'in', 'k', 'GET', '/', ?, 1, 'now', '{"a":"b"}', ?, '{}', ?, ?, ?)`);
  put.run('ex_b', 'o9', 200, null, 'h', 'ok', '[]');
  put.run('ex_a', null, null, '{"q":1}', null, null, '[{"rule":"r","path":"p","message":"m"}]');
  put.run('ex_c', 'o9', 404, null, null, null, '[]');
  before.db.prepare("INSERT INTO main.exchange_bodies (hash, text) VALUES ('h', 'the body')").run();
  return before;
}

describe('migration 008: the exchange log in its own file', () => {
  it('copies the exchanges and bodies recorded so far into the log file, in order, and drops them here', () => {
    const { db, upgrade } = fileWithExchanges();
    const exchanges = rowsOf(db, 'main.exchanges', 'seq');
    const bodies = rowsOf(db, 'main.exchange_bodies', 'hash');

    expect(upgrade()).toEqual([8]);

    // Into the log's first layout, whose columns are the same (seq included).
    expect(rowsOf(db, 'log.exchanges', 'seq')).toEqual(exchanges);
    expect(rowsOf(db, 'log.exchange_bodies', 'hash')).toEqual(bodies);
    expect(tablesOf(db)).not.toEqual(expect.arrayContaining(['exchanges']));
    expect(tablesOf(db)).not.toEqual(expect.arrayContaining(['exchange_bodies']));
  });

  it('and opening the file moves them on into the log of today, where they read back as they were', () => {
    const { db, file } = fileWithExchanges();
    db.close();
    const opened = openDb(file);
    expect(
      listExchanges(opened, { limit: 10, ascending: true }).map((e) => [
        e.id,
        e.status,
        e.request.body,
        e.response.body,
      ]),
    ).toEqual([
      ['ex_b', 200, null, 'the body'],
      ['ex_a', null, '{"q":1}', null],
      ['ex_c', 404, null, null],
    ]);
    expect(listExchanges(opened, { limit: 10 })[1]).toMatchObject({
      id: 'ex_a',
      order_id: null,
      request: { headers: { a: 'b' } },
      violations: [{ rule: 'r', path: 'p', message: 'm' }],
    });
    expect(listExchanges(opened, { orderId: 'o9', limit: 10 }).map((e) => e.id)).toEqual(['ex_c', 'ex_b']);
    // The first layout's table is left empty.
    expect(opened.prepare('SELECT count(*) FROM log.exchanges').pluck().get()).toBe(0);
    opened.close();
  });
});
