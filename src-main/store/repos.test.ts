import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { inTransaction, openDb, type Db } from './db';
import { detachLog, logFileFor, reattachLog } from './log-db';
import { countTimers, insertTimer, type NewTimer } from './timers.repo';
import {
  getCheckoutOrder,
  getCheckoutOrderDoc,
  insertCheckoutOrder,
  listCheckoutOrders,
  updateCheckoutOrder,
} from './checkout-orders.repo';
import { listExchanges } from './exchanges.repo';
import { startExchangeWriter, type BodyHashes, type ExchangeWriter } from './exchange-writer';
import type { ExchangeEntry } from './exchange-doc';
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

/** Makes the log's file refuse a batch holding an exchange of `orderId` ('refused by the test'). */
/** Makes the log's file refuse rows (as a full disk or a damaged page would) of `table` matching `when`. */
function refuseInsert(table: string, when: string): void {
  const other = new Database(logFileFor(file()));
  other.exec(`CREATE TRIGGER refuse_${table} BEFORE INSERT ON ${table} WHEN ${when}
    BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`);
  other.close();
}
const refuseOrder = (orderId: string) => refuseInsert('exchange_orders', `NEW.order_id = '${orderId}'`);

/** Appends each of `batch` (with `hashes[i]`) to the writer's batch and commits it. */
function write(writer: ExchangeWriter, batch: ExchangeEntry[], hashes?: (BodyHashes | undefined)[]) {
  for (let i = 0; i < batch.length; i++) writer.append(batch[i]!, hashes?.[i]);
  return writer.commit();
}

describe('exchanges repository and its writer thread', () => {
  it('round-trips an exchange and filters by order, in either order', async () => {
    const db = open();
    const writer = startExchangeWriter(file());
    await write(writer, [exchange('1', 'o1'), exchange('2', 'o2')]);
    await write(writer, [exchange('3', 'o1')]);
    await writer.close();
    expect(listExchanges(db, { orderId: 'o1', limit: 10 }).map((e) => e.id)).toEqual(['3', '1']);
    expect(listExchanges(db, { orderId: 'o1', limit: 10, ascending: true }).map((e) => e.id)).toEqual([
      '1',
      '3',
    ]);
    expect(listExchanges(db, { limit: 10 })[0]).toEqual(exchange('3', 'o1'));
  });

  it('rejects a batch the log refuses and keeps none of it', async () => {
    const db = open();
    // The log's file refuses one row (as a full disk or a damaged page would): the whole batch goes.
    refuseOrder('refused');
    const writer = startExchangeWriter(file());
    await expect(write(writer, [exchange('1', null), exchange('2', 'refused')])).rejects.toThrow(
      /refused by the test/,
    );
    await write(writer, [exchange('3', 'o')]);
    await writer.close();
    expect(listExchanges(db, { limit: 10 }).map((e) => e.id)).toEqual(['3']);
  });

  it('finds an order by its id after the batch it first appeared in was refused', async () => {
    const db = open();
    refuseOrder('refused');
    const writer = startExchangeWriter(file());
    // The order gets its number in the refused batch, and loses it with the rollback.
    await expect(write(writer, [exchange('1', 'new'), exchange('2', 'refused')])).rejects.toThrow(
      /refused by the test/,
    );
    await write(writer, [exchange('3', 'new')]);
    await write(writer, [exchange('4', 'new')]);
    await writer.close();
    expect(listExchanges(db, { orderId: 'new', limit: 10 }).map((e) => e.id)).toEqual(['4', '3']);
  });

  it('stores headers handed over as JSON text, and order ids that need escaping', async () => {
    const db = open();
    const writer = startExchangeWriter(file());
    const odd = 'o\t"1"\n';
    await write(writer, [{ ...exchange('1', odd), request: { headers: '{"x":"y"}', body: null } }]);
    await writer.close();
    const [back] = listExchanges(db, { orderId: odd, limit: 10 });
    expect(back).toEqual({ ...exchange('1', odd), request: { headers: { x: 'y' }, body: null } });
  });
});

describe('exchange batches', () => {
  it('carries a batch far larger than its first buffer, multi-byte text included, exactly', async () => {
    const db = open();
    const writer = startExchangeWriter(file());
    const body = (i: number) => `{"note":"ünïcødé ${i} 😀 ${'ß'.repeat(380)}"}`;
    const many = Array.from({ length: 400 }, (_, i) => ({
      ...exchange(`e${i}`, `o${i % 7}`),
      request: { headers: { 'x-i': String(i) }, body: body(i) },
    }));
    await write(writer, many);
    await write(
      writer,
      many.slice(0, 2).map((e) => ({ ...e, id: `again-${e.id}` })),
    );
    await writer.close();
    const back = listExchanges(db, { limit: 1000, ascending: true });
    expect(back).toHaveLength(402);
    expect(back.slice(0, 400)).toEqual(many);
    expect(listExchanges(db, { orderId: 'o3', limit: 1000 }).map((e) => e.id)).toEqual(
      many
        .filter((e) => e.order_id === 'o3')
        .map((e) => e.id)
        .reverse(),
    );
  });
});

describe('shared exchange bodies', () => {
  it('stores a large body once and reads it back whole on every exchange', async () => {
    const db = open();
    const writer = startExchangeWriter(file());
    const big = JSON.stringify({ order: 'x'.repeat(2000) });
    const withBody = (id: string) => ({ ...exchange(id, 'o'), response: { headers: {}, body: big } });
    await write(writer, [withBody('1'), withBody('2')]);
    await write(writer, [withBody('3')]);
    await writer.close();
    expect(listExchanges(db, { limit: 10 }).map((e) => e.response.body)).toEqual([big, big, big]);
    expect(db.prepare('SELECT count(*) FROM log.exchange_bodies').pluck().get()).toBe(1);
    // Every shape refers to it; none holds its text.
    const shapes = db.prepare('SELECT doc, response_body_ref AS ref FROM log.exchange_shapes').all() as {
      doc: string;
      ref: string | null;
    }[];
    expect(shapes.every((s) => s.ref !== null && !s.doc.includes('xxxx'))).toBe(true);
  });

  it('keeps apart large bodies of unknown hash on exchanges otherwise alike', async () => {
    const db = open();
    const writer = startExchangeWriter(file());
    const request = { headers: { a: 'b' }, body: null };
    const headers = {};
    const violations = exchange('', null).violations;
    const bodies = ['p', 'q', 'r'].map((c) => JSON.stringify({ order: c.repeat(2000) }));
    await write(
      writer,
      bodies.map((body, i) => ({
        ...exchange(`${i}`, 'o'),
        request,
        response: { headers, body },
        violations,
      })),
    );
    await writer.close();
    expect(listExchanges(db, { limit: 10, ascending: true }).map((e) => e.response.body)).toEqual(bodies);
  });

  it('sends a body it has sent before as its hash alone, and stores the same exchange once as a shape', async () => {
    const db = open();
    const writer = startExchangeWriter(file());
    const big = JSON.stringify({ order: 'y'.repeat(2000) });
    // The same request answered alike (the same header objects, as a cached answer has).
    const request = { headers: { a: 'b' }, body: null };
    const headers = {};
    const violations = exchange('', null).violations;
    const withBody = (id: string) => ({
      ...exchange(id, 'o'),
      request,
      response: { headers, body: big },
      violations,
    });
    await write(writer, [withBody('1')], [{ response: 'h1' }]);
    await write(writer, [withBody('2'), withBody('3')], [{ response: 'h1' }, { response: 'h1' }]);
    await writer.close();
    expect(listExchanges(db, { limit: 10 }).map((e) => [e.id, e.response.body])).toEqual([
      ['3', big],
      ['2', big],
      ['1', big],
    ]);
    expect(db.prepare('SELECT hash FROM log.exchange_bodies').pluck().all()).toEqual(['h1']);
    // The three differ only in id: one shape, across batches too.
    expect(db.prepare('SELECT count(*) FROM log.exchange_shapes').pluck().get()).toBe(1);
  });

  it('stores a repeated shape again after a failed batch, whose copy was rolled back', async () => {
    const db = open();
    refuseOrder('refused');
    const writer = startExchangeWriter(file());
    const request = { headers: { a: 'b' }, body: null };
    const violations = exchange('', null).violations;
    const response = { headers: {}, body: null };
    const same = (id: string) => ({ ...exchange(id, 'o'), request, response, violations });
    // The second batch is sent before the first one's failure is known: its line leans on the shape
    // of the first batch's last line, which the failure rolled back.
    const failed = write(writer, [{ ...exchange('x', 'refused'), request }, same('1')]);
    const next = write(writer, [same('2')]);
    await expect(failed).rejects.toThrow(/refused by the test/);
    await next;
    await write(writer, [{ ...exchange('3', 'another'), url: '/another' }]);
    await writer.close();
    expect(listExchanges(db, { limit: 10 }).map((e) => [e.id, e.order_id, e.url, e.request.headers])).toEqual(
      [
        ['3', 'another', '/another', { a: 'b' }],
        ['2', 'o', '/x', { a: 'b' }],
      ],
    );
  });
});

describe('batches that queue up for the writer thread', () => {
  it('commit together, and a refused one among them is the only one lost', async () => {
    const db = open();
    refuseOrder('refused');
    const writer = startExchangeWriter(file());
    // Handed over before the thread has started: all three wait in its queue and are written together.
    const a = write(writer, [exchange('a1', 'o'), exchange('a2', 'o')]);
    const b = write(writer, [exchange('b', 'refused')]);
    const c = write(writer, [exchange('c', 'o')]);
    await a;
    await expect(b).rejects.toThrow(/refused by the test/);
    await c;
    await writer.close();
    expect(listExchanges(db, { limit: 10, ascending: true }).map((e) => e.id)).toEqual(['a1', 'a2', 'c']);
    expect(listExchanges(db, { orderId: 'o', limit: 10 }).map((e) => e.id)).toEqual(['c', 'a2', 'a1']);
  });

  it('store a large body that went with a refused batch for the batches sent after it that refer to it', async () => {
    const db = open();
    refuseInsert('exchange_batches', `NEW.entries LIKE '%"refuse-me"%'`);
    const writer = startExchangeWriter(file());
    const request = { headers: { a: 'b' }, body: null };
    const headers = {};
    const violations = exchange('', null).violations;
    const withBody = (id: string, url: string, body: string) => ({
      ...exchange(id, 'o'),
      url,
      request,
      response: { headers, body },
      violations,
    });
    const [one, two] = ['r', 's'].map((c) => JSON.stringify({ order: c.repeat(2000) })) as [string, string];
    // Each body's text goes with a refused batch only. The batch after it, sent before the refusal is
    // known, carries the body's hash alone: the first repeats the refused line, the second has its own.
    const failed = [
      write(writer, [withBody('refuse-me', '/x', one)], [{ response: 'h1' }]),
      write(writer, [withBody('1', '/x', one)], [{ response: 'h1' }]),
      write(writer, [withBody('refuse-me', '/y', two)], [{ response: 'h2' }]),
      write(writer, [withBody('2', '/two', two)], [{ response: 'h2' }]),
    ].map((p, i) => (i % 2 === 0 ? expect(p).rejects.toThrow(/refused by the test/) : p));
    await Promise.all(failed);
    await writer.close();
    expect(listExchanges(db, { limit: 10 }).map((e) => [e.id, e.url, e.response.body])).toEqual([
      ['2', '/two', two],
      ['1', '/x', one],
    ]);
  });

  it('store a line that repeats the last exchange of a batch refused midway with that exchange', async () => {
    const db = open();
    refuseInsert('exchange_shapes', `NEW.doc LIKE '%/refuse%'`);
    const writer = startExchangeWriter(file());
    const request = { headers: { a: 'b' }, body: null };
    const response = { headers: {}, body: null };
    const violations = exchange('', null).violations;
    const y = (id: string) => ({ ...exchange(id, 'o'), url: '/y', request, response, violations });
    // The first line is refused, so the second is never written; the next batch, sent before the
    // refusal is known, repeats the second (a line of its entry's fields alone).
    const failed = write(writer, [{ ...exchange('x', 'o'), url: '/refuse' }, y('1')]);
    const next = write(writer, [y('2')]);
    await expect(failed).rejects.toThrow(/refused by the test/);
    await next;
    await writer.close();
    expect(listExchanges(db, { limit: 10 })).toEqual([y('2')]);
  });
});

describe('a damaged log', () => {
  it('lists an entry whose shape is gone as unreadable instead of failing the whole list', async () => {
    const db = open();
    const writer = startExchangeWriter(file());
    await write(writer, [exchange('1', 'o'), { ...exchange('2', 'o'), url: '/other' }]);
    await writer.close();
    const other = new Database(logFileFor(file()));
    other.prepare("DELETE FROM exchange_shapes WHERE doc LIKE '%/other%'").run();
    other.close();
    const [second, first] = listExchanges(db, { limit: 10 });
    expect(first).toEqual(exchange('1', 'o'));
    expect(second).toMatchObject({
      id: '2',
      kind: 'unknown',
      outcome: expect.stringMatching(/missing from the log/),
    });
  });
});

describe('clearing the log', () => {
  it('empties it of everything appended so far, and stores what comes after whole', async () => {
    const db = open();
    const writer = startExchangeWriter(file());
    const big = JSON.stringify({ order: 'z'.repeat(2000) });
    const request = { headers: { a: 'b' }, body: null };
    const response = { headers: {}, body: big };
    const violations = exchange('', null).violations;
    const same = (id: string) => ({ ...exchange(id, 'o'), request, response, violations });
    await write(writer, [same('1'), same('2')], [{ response: 'h' }, { response: 'h' }]);
    writer.append(same('3'), { response: 'h' }); // appended, not yet handed over: cleared too
    // The writer replaces the file: this connection lets go of the old one meanwhile.
    detachLog(db);
    expect(await writer.clear()).toBe(2);
    reattachLog(db);
    expect(listExchanges(db, { limit: 10 })).toEqual([]);
    expect(db.prepare('SELECT count(*) FROM log.exchange_bodies').pluck().get()).toBe(0);
    // The same exchange and body again: its shape and body are stored anew, not leant on.
    await write(writer, [same('4')], [{ response: 'h' }]);
    await writer.close();
    expect(listExchanges(db, { limit: 10 }).map((e) => [e.id, e.response.body])).toEqual([['4', big]]);
    expect(listExchanges(db, { orderId: 'o', limit: 10 }).map((e) => e.id)).toEqual(['4']);
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
