import { afterEach, describe, expect, it } from 'vitest';
import { mainFileBefore, removeTempFolders, rowsOf, tablesOf } from '../test-kit/main-files';

afterEach(removeTempFolders);

describe('migration 001: checkout orders and the exchange log', () => {
  it('turns an empty file into one that keeps orders and exchanges (the layout before it has no tables, so no data)', () => {
    const { db, upgrade } = mainFileBefore(1);
    expect(tablesOf(db)).toEqual(['schema_migrations']);
    expect(upgrade()).toEqual([1]);
    expect(tablesOf(db)).toEqual(expect.arrayContaining(['checkout_orders', 'exchanges']));
    db.prepare(
      `INSERT INTO checkout_orders (order_id, status, doc, created_at, updated_at)
       VALUES ('o1', 'checkout_incomplete', '{"order_id":"o1"}', 't0', 't1')`,
    ).run();
    const exchange = db.prepare(
      `INSERT INTO main.exchanges (id, order_id, direction, kind, method, url, status, duration_ms, at,
         request_headers, request_body, response_headers, response_body, outcome)
       VALUES (?, 'o1', 'in', 'checkout.create', 'POST', '/checkout/v3/orders', 201, 1.5, 't0', '{}', '{}', '{}', '{}', NULL)`,
    );
    exchange.run('ex1');
    exchange.run('ex2');
    expect(() => exchange.run('ex1')).toThrow(/UNIQUE/);
    expect(() =>
      db
        .prepare(
          `INSERT INTO main.exchanges (id, direction, kind, method, url, duration_ms, at, request_headers,
             response_headers) VALUES ('ex3', 'sideways', 'k', 'GET', '/', 1, 't', '{}', '{}')`,
        )
        .run(),
    ).toThrow(/CHECK/);
    expect(rowsOf(db, 'checkout_orders')).toEqual([
      {
        order_id: 'o1',
        status: 'checkout_incomplete',
        doc: '{"order_id":"o1"}',
        created_at: 't0',
        updated_at: 't1',
      },
    ]);
    expect(db.prepare('SELECT seq, id, violations FROM main.exchanges ORDER BY seq').all()).toEqual([
      { seq: 1, id: 'ex1', violations: '[]' },
      { seq: 2, id: 'ex2', violations: '[]' },
    ]);
  });
});
