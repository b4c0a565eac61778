import type { OrderList, OrderListQuerySchema } from '@shared/schemas/checkout-order.schema';
import type { z } from 'zod';
import { pageCheckoutOrders } from '../../store/checkout-orders.repo';
import type { Db } from '../../store/db';
import { invalid } from '../errors';
import { fromRow, summarize } from './checkout-orders';

type Query = z.output<typeof OrderListQuerySchema>;
interface Position {
  at: string;
  seq: number;
}

const DEFAULT_LIMIT = 200;
/** Rows read per query while looking for a page of one status. */
const BATCH = 200;

/** The cursor is the last row's creation time and rowid, opaque to the caller (base64url JSON). */
function encodeCursor(p: Position): string {
  return Buffer.from(JSON.stringify([p.at, p.seq])).toString('base64url');
}

function decodeCursor(cursor: string): Position {
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(v) && typeof v[0] === 'string' && Number.isSafeInteger(v[1])) {
      return { at: v[0], seq: v[1] as number };
    }
  } catch {
    // Reported below.
  }
  throw invalid([{ path: 'cursor', message: 'is not a cursor this list returned (pass next_cursor as is)' }]);
}

/**
 * One page of checkout orders, newest first, optionally of one status as the console shows it: `expired`
 * and `aborted` are stored as `checkout_incomplete`, so those pages read the stored status and keep the
 * rows whose shown status matches.
 */
export function pageOrders(db: Db, now: number, q: Query = {}): OrderList {
  const limit = q.limit ?? DEFAULT_LIMIT;
  const stored =
    q.status === undefined ? null : q.status === 'checkout_complete' ? q.status : 'checkout_incomplete';
  let before = q.cursor === undefined ? null : decodeCursor(q.cursor);
  const found: { pos: Position; summary: OrderList['orders'][number] }[] = [];
  for (;;) {
    const rows = pageCheckoutOrders(db, { before, status: stored, limit: q.status ? BATCH : limit + 1 });
    for (const r of rows) {
      const summary = summarize(fromRow(r), r.updated_at, now);
      if (q.status !== undefined && summary.status !== q.status) continue;
      found.push({ pos: { at: r.created_at, seq: r.seq }, summary });
      if (found.length > limit) break;
    }
    const last = rows[rows.length - 1];
    if (found.length > limit || !last || rows.length < (q.status ? BATCH : limit + 1)) break;
    before = { at: last.created_at, seq: last.seq };
  }
  const page = found.slice(0, limit);
  return {
    orders: page.map((f) => f.summary),
    next_cursor: found.length > limit ? encodeCursor(page[page.length - 1]!.pos) : null,
  };
}
