import type { Exchange } from '@shared/schemas/exchange.schema';
import type { Db } from './db';
import { fromShape, type ExchangeShape } from './exchange-doc';
import { shapeReader } from './exchanges.repo';

/** One exchange in a batch row: its shape's id, then its own id, time and duration (log-db.ts). */
type Entry = [shape: number, id: string, at: string, durationMs: number];

export interface ExchangeSearch {
  /** Only this order's exchanges, read through the log's index of batches by order. */
  orderId?: string;
  /** Whether an exchange of this shape is wanted (every exchange of a shape is alike but for id and time). */
  match?: (shape: ExchangeShape) => boolean;
  /** Where an earlier page stopped (its `next`); the newest exchange when absent. */
  cursor?: string | null;
  limit: number;
  /** Entries looked at, at most, before answering with what was found (and a cursor to go on from). */
  maxScan?: number;
}

export interface ExchangePage {
  /** Newest first. */
  exchanges: Exchange[];
  /** The cursor of the next (older) page; null at the oldest exchange. */
  next: string | null;
  /** Entries looked at for this page. */
  scanned: number;
}

/** Batch rows read per query. */
const PAGE = 16;
const MAX_SCAN = 50_000;

/** A cursor: the batch to go on in and how many of its entries (newest first) were already read. */
function parseCursor(cursor: string | null | undefined): { seq: number; skip: number } {
  const m = cursor ? /^(\d+)\.(\d+)$/.exec(cursor) : null;
  return m ? { seq: Number(m[1]), skip: Number(m[2]) } : { seq: Number.MAX_SAFE_INTEGER, skip: 0 };
}

/**
 * The log searched newest first, a page at a time: the exchanges whose shape `match`es, of one order or of
 * all, from where the cursor points. Each shape is read and matched once per page (exchanges alike share
 * it), so a filter over a log of a hundred thousand repeated calls costs little more than reading it. Stops
 * at `limit` found or `maxScan` looked at, whichever comes first, and says where to go on.
 */
export function searchExchanges(db: Db, q: ExchangeSearch): ExchangePage {
  const from = parseCursor(q.cursor);
  const page = q.orderId
    ? db.prepare(
        `SELECT b.seq, b.entries FROM log.exchange_orders o
         JOIN log.exchange_order_batches ob ON ob.order_ref = o.id JOIN log.exchange_batches b ON b.seq = ob.batch
         WHERE o.order_id = ? AND ob.batch <= ? ORDER BY ob.batch DESC LIMIT ${PAGE}`,
      )
    : db.prepare(
        `SELECT seq, entries FROM log.exchange_batches WHERE seq <= ? ORDER BY seq DESC LIMIT ${PAGE}`,
      );
  const readShape = shapeReader(db);
  const shapes = new Map<number, ExchangeShape | null>();
  /** The shape when it is wanted, else null (remembered either way). */
  const wanted = (id: number): ExchangeShape | null => {
    let shape = shapes.get(id);
    if (shape === undefined) {
      const s = readShape(id);
      const orderOk = q.orderId === undefined || s.order_id === q.orderId;
      shape = orderOk && (q.match?.(s) ?? true) ? s : null;
      shapes.set(id, shape);
    }
    return shape;
  };
  const olderQuery = q.orderId
    ? db.prepare(
        `SELECT 1 FROM log.exchange_orders o JOIN log.exchange_order_batches ob ON ob.order_ref = o.id
         WHERE o.order_id = ? AND ob.batch < ? LIMIT 1`,
      )
    : db.prepare('SELECT 1 FROM log.exchange_batches WHERE seq < ? LIMIT 1');
  /** The cursor at the start of the batches older than `seq`, or null when there are none. */
  const older = (seq: number): string | null =>
    olderQuery.get(...(q.orderId ? [q.orderId, seq] : [seq])) ? `${seq - 1}.0` : null;
  const maxScan = q.maxScan ?? MAX_SCAN;
  const out: Exchange[] = [];
  let scanned = 0;
  let { seq: at, skip } = from;
  for (;;) {
    const rows = page.all(...(q.orderId ? [q.orderId, at] : [at])) as { seq: number; entries: string }[];
    for (const row of rows) {
      const entries = (JSON.parse(row.entries) as Entry[]).reverse();
      const start = row.seq === from.seq ? skip : 0;
      for (let i = start; i < entries.length; i++) {
        const [shapeId, id, when, durationMs] = entries[i]!;
        scanned++;
        const shape = wanted(shapeId);
        if (shape) out.push(fromShape({ id, at: when, duration_ms: durationMs }, shape));
        if (out.length >= q.limit || scanned >= maxScan) {
          const rest = i + 1 < entries.length;
          return { exchanges: out, next: rest ? `${row.seq}.${i + 1}` : older(row.seq), scanned };
        }
      }
      at = row.seq - 1;
      skip = 0;
    }
    if (rows.length < PAGE) return { exchanges: out, next: null, scanned };
  }
}
