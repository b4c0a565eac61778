import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { inTransaction, openDb, type Db } from './db';
import { logFileFor } from './log-db';
import { countTimers, insertTimer, type NewTimer } from './timers.repo';
import {
  getCheckoutOrder,
  getCheckoutOrderDoc,
  insertCheckoutOrder,
  listCheckoutOrders,
  updateCheckoutOrder,
} from './checkout-orders.repo';
import { listExchanges } from './exchanges.repo';
import { startExchangeWriter } from './exchange-writer';
import type { Exchange } from '@shared/schemas/exchange.schema';

let dir = '';
const file = () => join(dir, 'db.sqlite');
const open = (): Db => {
  dir = mkdtempSync(join(tmpdir(), 'sim-repo-'));
  return openDb(file());
};
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const timerRow = (): NewTimer => ({
  kind: 'k',
  due_ms: 1,
  order_id: null,
  subject: null,
  payload: null,
  dedupe_key: null,
  created_ms: 0,
});

const exchange = (id: string, orderId: string | null): Exchange => ({
  id,
  order_id: orderId,
  direction: 'in',
  kind: 'checkout.read',
  method: 'GET',
  url: '/x',
  status: 200,
  duration_ms: 0.5,
  at: '2026-01-01T00:00:00.000Z',
  request: { headers: { a: 'b' }, body: null },
  response: { headers: {}, body: '{}' },
  outcome: null,
  violations: [{ rule: 'r', path: 'p', message: 'm' }],
});

describe('checkout orders repository', () => {
  it('inserts, reads, updates and lists newest first', () => {
    const db = open();
    insertCheckoutOrder(db, {
      order_id: 'a',
      status: 's',
      doc: '{"x":1}',
      session: null,
      created_at: '2026-01-01',
      updated_at: '2026-01-01',
    });
    insertCheckoutOrder(db, {
      order_id: 'b',
      status: 's',
      doc: '{"x":2}',
      session: null,
      created_at: '2026-01-02',
      updated_at: '2026-01-02',
    });
    expect(getCheckoutOrderDoc(db, 'a')).toBe('{"x":1}');
    expect(getCheckoutOrderDoc(db, 'zz')).toBeUndefined();
    expect(
      updateCheckoutOrder(db, {
        order_id: 'a',
        status: 't',
        doc: '{"x":3}',
        session: '{}',
        updated_at: '2026-01-03',
      }),
    ).toBe(true);
    expect(getCheckoutOrder(db, 'a')?.status).toBe('t');
    expect(getCheckoutOrder(db, 'a')?.session).toBe('{}');
    expect(listCheckoutOrders(db, 10).map((r) => r.order_id)).toEqual(['b', 'a']);
  });
});

describe('exchanges repository and its writer thread', () => {
  it('round-trips an exchange and filters by order, in either order', async () => {
    const db = open();
    const writer = startExchangeWriter(file());
    await writer.write([exchange('1', 'o1'), exchange('2', 'o2')]);
    await writer.write([exchange('3', 'o1')]);
    await writer.close();
    expect(listExchanges(db, { orderId: 'o1', limit: 10 }).map((e) => e.id)).toEqual(['3', '1']);
    expect(listExchanges(db, { orderId: 'o1', limit: 10, ascending: true }).map((e) => e.id)).toEqual([
      '1',
      '3',
    ]);
    expect(listExchanges(db, { limit: 10 })[0]).toEqual(exchange('3', 'o1'));
  });

  it('rejects a batch that breaks a constraint and keeps none of it', async () => {
    const db = open();
    const writer = startExchangeWriter(file());
    const sideways = { ...exchange('2', null), direction: 'sideways' as 'in' };
    await expect(writer.write([exchange('1', null), sideways])).rejects.toThrow(/CHECK/);
    await writer.close();
    expect(listExchanges(db, { limit: 10 })).toEqual([]);
  });
});

describe('shared exchange bodies', () => {
  it('stores a large body once and reads it back whole on every exchange', async () => {
    const db = open();
    const writer = startExchangeWriter(file());
    const big = JSON.stringify({ order: 'x'.repeat(2000) });
    const withBody = (id: string) => ({ ...exchange(id, 'o'), response: { headers: {}, body: big } });
    await writer.write([withBody('1'), withBody('2')]);
    await writer.write([withBody('3')]);
    await writer.close();
    expect(listExchanges(db, { limit: 10 }).map((e) => e.response.body)).toEqual([big, big, big]);
    expect(db.prepare('SELECT count(*) FROM log.exchange_bodies').pluck().get()).toBe(1);
    expect(db.prepare('SELECT count(*) FROM log.exchanges WHERE response_body IS NULL').pluck().get()).toBe(
      3,
    );
  });

  it('sends a body it has sent before as its hash alone, and still reads it back whole', async () => {
    const db = open();
    const writer = startExchangeWriter(file());
    const big = JSON.stringify({ order: 'y'.repeat(2000) });
    const withBody = (id: string) => ({ ...exchange(id, 'o'), response: { headers: {}, body: big } });
    await writer.write([withBody('1')], [{ response: 'h1' }]);
    await writer.write([withBody('2'), withBody('3')], [{ response: 'h1' }, { response: 'h1' }]);
    await writer.close();
    expect(listExchanges(db, { limit: 10 }).map((e) => e.response.body)).toEqual([big, big, big]);
    expect(db.prepare('SELECT hash FROM log.exchange_bodies').pluck().all()).toEqual(['h1']);
  });
});

describe('write transactions and the attached log', () => {
  it("commit at once while another connection holds the log's write lock (the writer thread mid-commit)", () => {
    const db = open();
    const writer = new Database(logFileFor(file()));
    writer.pragma('busy_timeout = 0');
    writer.exec('BEGIN IMMEDIATE');
    db.pragma('busy_timeout = 100');
    inTransaction(db, () => insertTimer(db, timerRow()));
    // BEGIN IMMEDIATE would take the log's lock too, wait out the busy timeout and fail.
    expect(() => db.transaction(() => insertTimer(db, timerRow())).immediate()).toThrow(/locked/);
    writer.exec('ROLLBACK');
    writer.close();
    expect(countTimers(db)).toBe(1);
    db.close();
  });
});
