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
  // The log is its own file, attached as `log` (log-db.ts); large bodies live once in exchange_bodies; an exchange holds one inline or a reference.
  const sql = `SELECT e.id, e.order_id, e.direction, e.kind, e.method, e.url, e.status, e.duration_ms, e.at,
      e.request_headers, COALESCE(e.request_body, rq.text) AS request_body, e.response_headers,
      COALESCE(e.response_body, rs.text) AS response_body, e.outcome, e.violations
    FROM log.exchanges e
    LEFT JOIN log.exchange_bodies rq ON rq.hash = e.request_body_ref
    LEFT JOIN log.exchange_bodies rs ON rs.hash = e.response_body_ref
    ${where.replace('order_id', 'e.order_id')} ORDER BY e.seq ${order} LIMIT ?`;
  const args = q.orderId !== undefined ? [q.orderId, q.limit] : [q.limit];
  return (db.prepare(sql).all(...args) as ExchangeRow[]).map(fromRow);
}
