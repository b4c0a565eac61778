import type { Exchange } from '@shared/schemas/exchange.schema';
import type { Db } from './db';
import { fromShape, type ExchangeShape } from './exchange-doc';

/** One exchange in a batch row: its shape's id, then its own id, time and duration (log-db.ts). */
type Entry = [shape: number, id: string, at: string, durationMs: number];

interface ShapeRow {
  doc: string;
  request_body: string | null;
  response_body: string | null;
}

export interface ExchangeQuery {
  orderId?: string;
  limit: number;
  /** Oldest first (the automation API's order) instead of newest first (the console's). */
  ascending?: boolean;
}

/** What an entry whose shape is gone (a damaged file) reads as: listed, and saying so, rather than failing the list. */
const missingShape = (id: number): ExchangeShape => ({
  order_id: null,
  direction: 'in',
  kind: 'unknown',
  method: '',
  url: '',
  status: null,
  request: { headers: {}, body: null },
  response: { headers: {}, body: null },
  outcome: `not readable: shape ${id} is missing from the log`,
  violations: [],
});

/** Reads shapes by id, each once (exchanges of one shape share its objects: read them, do not change them). */
export function shapeReader(db: Db): (id: number) => ExchangeShape {
  const shapeQuery = db.prepare(
    `SELECT sh.doc, rq.text AS request_body, rs.text AS response_body FROM log.exchange_shapes sh
     LEFT JOIN log.exchange_bodies rq ON rq.hash = sh.request_body_ref
     LEFT JOIN log.exchange_bodies rs ON rs.hash = sh.response_body_ref
     WHERE sh.id = ?`,
  );
  const shapes = new Map<number, ExchangeShape>();
  return (id: number): ExchangeShape => {
    let shape = shapes.get(id);
    if (shape === undefined) {
      const row = shapeQuery.get(id) as ShapeRow | undefined;
      if (row === undefined) shape = missingShape(id);
      else {
        shape = JSON.parse(row.doc) as ExchangeShape;
        if (row.request_body !== null) shape.request.body = row.request_body;
        if (row.response_body !== null) shape.response.body = row.response_body;
      }
      shapes.set(id, shape);
    }
    return shape;
  };
}

/**
 * One exchange by its id, or undefined. Ids are not indexed (the log is written for appending and
 * listing): the batches that hold the id's text are read, newest first, which is fine for an
 * occasional lookup (a replay) and not meant for a hot path.
 */
export function findExchange(db: Db, id: string): Exchange | undefined {
  const rows = db
    .prepare(`SELECT entries FROM log.exchange_batches WHERE instr(entries, ?) > 0 ORDER BY seq DESC LIMIT 4`)
    .all(JSON.stringify(id)) as { entries: string }[];
  const shapeOf = shapeReader(db);
  for (const row of rows) {
    const entry = (JSON.parse(row.entries) as Entry[]).find((e) => e[1] === id);
    if (entry) return fromShape({ id, at: entry[2], duration_ms: entry[3] }, shapeOf(entry[0]));
  }
  return undefined;
}

/** Batch rows read per query while looking for `limit` exchanges. */
const PAGE = 16;

/**
 * The log's exchanges, newest first (or oldest first), of one order or of all. The log is its own file,
 * attached as `log` (log-db.ts): batches of entries, each pointing at a shape shared by the exchanges
 * alike, and large bodies once each in exchange_bodies. Exchanges of one shape share its request and
 * response objects: read them, do not change them.
 */
export function listExchanges(db: Db, q: ExchangeQuery): Exchange[] {
  const desc = !q.ascending;
  const page = q.orderId
    ? db.prepare(
        `SELECT b.seq, b.entries FROM log.exchange_orders o
         JOIN log.exchange_order_batches ob ON ob.order_ref = o.id JOIN log.exchange_batches b ON b.seq = ob.batch
         WHERE o.order_id = ? AND ob.batch ${desc ? '<' : '>'} ? ORDER BY ob.batch ${desc ? 'DESC' : 'ASC'} LIMIT ${PAGE}`,
      )
    : db.prepare(
        `SELECT seq, entries FROM log.exchange_batches WHERE seq ${desc ? '<' : '>'} ?
         ORDER BY seq ${desc ? 'DESC' : 'ASC'} LIMIT ${PAGE}`,
      );
  const shapeOf = shapeReader(db);
  const out: Exchange[] = [];
  let after = desc ? Number.MAX_SAFE_INTEGER : 0;
  for (;;) {
    const args = q.orderId ? [q.orderId, after] : [after];
    const rows = page.all(...args) as { seq: number; entries: string }[];
    for (const row of rows) {
      const entries = JSON.parse(row.entries) as Entry[];
      if (desc) entries.reverse();
      for (const [shapeId, id, at, durationMs] of entries) {
        const shape = shapeOf(shapeId);
        if (q.orderId !== undefined && shape.order_id !== q.orderId) continue;
        out.push(fromShape({ id, at, duration_ms: durationMs }, shape));
        if (out.length >= q.limit) return out;
      }
      after = row.seq;
    }
    if (rows.length < PAGE) return out;
  }
}
