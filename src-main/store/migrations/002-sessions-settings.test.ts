import { afterEach, describe, expect, it } from 'vitest';
import { readSettings, writeSettings } from '../settings.repo';
import { getCheckoutOrder, updateCheckoutOrder } from '../checkout-orders.repo';
import { mainFileBefore, removeTempFolders, rowsOf } from '../test-kit/main-files';

afterEach(removeTempFolders);

describe('migration 002: checkout sessions and settings', () => {
  it('keeps the orders and exchanges there were, with no session yet, and adds the settings table', () => {
    const { db, upgrade } = mainFileBefore(2);
    const order = db.prepare(`INSERT INTO checkout_orders (order_id, status, doc, created_at, updated_at)
      VALUES (?, 'checkout_incomplete', ?, 't0', 't1')`);
    order.run('o1', '{"order_id":"o1"}');
    order.run('o2', '{"order_id":"o2"}');
    db.prepare(
      `INSERT INTO main.exchanges (id, order_id, direction, kind, method, url, status, duration_ms, at,
         request_headers, response_headers, response_body) VALUES ('ex1', 'o1', 'in', 'checkout.read', 'GET',
         '/checkout/v3/orders/o1', 200, 2, 't1', '{"a":"b"}', '{}', '{"order_id":"o1"}')`,
    ).run();
    const exchangesBefore = rowsOf(db, 'main.exchanges');

    expect(upgrade()).toEqual([2]);

    expect(getCheckoutOrder(db, 'o1')).toEqual({
      order_id: 'o1',
      status: 'checkout_incomplete',
      doc: '{"order_id":"o1"}',
      session: null,
      created_at: 't0',
      updated_at: 't1',
    });
    expect(rowsOf(db, 'main.exchanges')).toEqual(exchangesBefore);
    // The new column and table take what the code after it writes.
    updateCheckoutOrder(db, {
      order_id: 'o2',
      status: 'checkout_incomplete',
      doc: '{"order_id":"o2"}',
      session: '{"step":"address"}',
      updated_at: 't2',
    });
    expect(getCheckoutOrder(db, 'o2')?.session).toBe('{"step":"address"}');
    writeSettings(db, { callback_timeout_ms: 5000 }, 't3');
    expect(readSettings(db)).toEqual({ callback_timeout_ms: 5000 });
  });
});
