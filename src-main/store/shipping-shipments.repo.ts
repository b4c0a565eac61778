import { preparedFor, type Db } from './db';

/** A purchase's shipment at the integrator and its tracking (the shipping assistant's side). */
export interface ShippingShipmentRow {
  order_id: string;
  session_id: string;
  shipment_id: string;
  doc: string;
  status: string;
  polls: number;
  last_polled_at: string | null;
  next_poll_ms: number | null;
  poll_until_ms: number | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

const s = preparedFor((db) => ({
  upsert: db.prepare(
    `INSERT INTO shipping_shipments (order_id, session_id, shipment_id, doc, status, polls, last_polled_at,
       next_poll_ms, poll_until_ms, last_error, created_at, updated_at)
     VALUES (@order_id, @session_id, @shipment_id, @doc, @status, @polls, @last_polled_at, @next_poll_ms,
       @poll_until_ms, @last_error, @created_at, @updated_at)
     ON CONFLICT(order_id) DO UPDATE SET session_id = excluded.session_id, shipment_id = excluded.shipment_id,
       doc = excluded.doc, status = excluded.status, polls = excluded.polls,
       last_polled_at = excluded.last_polled_at, next_poll_ms = excluded.next_poll_ms,
       poll_until_ms = excluded.poll_until_ms, last_error = excluded.last_error,
       updated_at = excluded.updated_at`,
  ),
  get: db.prepare('SELECT * FROM shipping_shipments WHERE order_id = ?'),
}));

/** Inserts or replaces the row of an order (created_at is kept from the first insert). */
export function saveShippingShipment(db: Db, row: ShippingShipmentRow): void {
  s(db).upsert.run(row);
}

export function getShippingShipment(db: Db, orderId: string): ShippingShipmentRow | undefined {
  return s(db).get.get(orderId) as ShippingShipmentRow | undefined;
}
