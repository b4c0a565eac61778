import type { Exchange } from '@shared/schemas/exchange.schema';
import type { Db } from './db';

interface ExchangeRow {
  id: string;
  order_id: string | null;
  direction: 'in' | 'out';
  kind: string;
  method: string;
  url: string;
  status: number | null;
  duration_ms: number;
  at: string;
  request_headers: string;
  request_body: string | null;
  response_headers: string;
  response_body: string | null;
  outcome: string | null;
  violations: string;
}

const fromRow = (r: ExchangeRow): Exchange => ({
  id: r.id,
  order_id: r.order_id,
  direction: r.direction,
  kind: r.kind,
  method: r.method,
  url: r.url,
  status: r.status,
  duration_ms: r.duration_ms,
  at: r.at,
  request: { headers: JSON.parse(r.request_headers), body: r.request_body },
  response: { headers: JSON.parse(r.response_headers), body: r.response_body },
  outcome: r.outcome,
  violations: JSON.parse(r.violations),
});

export interface ExchangeQuery {
  orderId?: string;
  limit: number;
  /** Oldest first (the automation API's order) instead of newest first (the console's). */
  ascending?: boolean;
}

export function listExchanges(db: Db, q: ExchangeQuery): Exchange[] {
  const where = q.orderId !== undefined ? 'WHERE order_id = ?' : '';
  const order = q.ascending ? 'ASC' : 'DESC';
  const sql = `SELECT * FROM exchanges ${where} ORDER BY seq ${order} LIMIT ?`;
  const args = q.orderId !== undefined ? [q.orderId, q.limit] : [q.limit];
  return (db.prepare(sql).all(...args) as ExchangeRow[]).map(fromRow);
}
