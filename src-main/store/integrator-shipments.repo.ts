import type { Db } from './db';

/** A shipment the fake integrator created: its response document (tracking left out) as JSON. */
export interface IntegratorShipmentRow {
  shipment_id: string;
  session_id: string;
  order_id: string | null;
  doc: string;
  created_at: string;
  updated_at: string;
  /** When, on the simulator clock, its tracking ids appear. */
  tracking_at_ms: number;
}

export function insertIntegratorShipment(db: Db, row: IntegratorShipmentRow): void {
  db.prepare(
    `INSERT INTO integrator_shipments (shipment_id, session_id, order_id, doc, created_at, updated_at, tracking_at_ms)
     VALUES (@shipment_id, @session_id, @order_id, @doc, @created_at, @updated_at, @tracking_at_ms)`,
  ).run(row);
}

export function updateIntegratorShipment(
  db: Db,
  row: Pick<IntegratorShipmentRow, 'shipment_id' | 'order_id' | 'doc' | 'updated_at' | 'tracking_at_ms'>,
): boolean {
  return (
    db
      .prepare(
        `UPDATE integrator_shipments SET order_id = @order_id, doc = @doc, updated_at = @updated_at,
         tracking_at_ms = @tracking_at_ms WHERE shipment_id = @shipment_id`,
      )
      .run(row).changes === 1
  );
}

export function getIntegratorShipment(db: Db, shipmentId: string): IntegratorShipmentRow | undefined {
  return db.prepare('SELECT * FROM integrator_shipments WHERE shipment_id = ?').get(shipmentId) as
    IntegratorShipmentRow | undefined;
}

export function listIntegratorShipmentsBySession(db: Db, sessionId: string): IntegratorShipmentRow[] {
  return db
    .prepare('SELECT * FROM integrator_shipments WHERE session_id = ? ORDER BY created_at, rowid')
    .all(sessionId) as IntegratorShipmentRow[];
}
