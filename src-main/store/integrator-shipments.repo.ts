import type { Db } from './db';
import { keyedTable } from './keyed-table';

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

const shipments = keyedTable<
  IntegratorShipmentRow,
  'shipment_id',
  keyof IntegratorShipmentRow,
  'order_id' | 'doc' | 'updated_at' | 'tracking_at_ms'
>({
  table: 'integrator_shipments',
  key: ['shipment_id'],
  insert: ['shipment_id', 'session_id', 'order_id', 'doc', 'created_at', 'updated_at', 'tracking_at_ms'],
  update: ['order_id', 'doc', 'updated_at', 'tracking_at_ms'],
});

export const insertIntegratorShipment = shipments.insert;

export const updateIntegratorShipment = shipments.update;

export const getIntegratorShipment = (db: Db, shipmentId: string): IntegratorShipmentRow | undefined =>
  shipments.get(db, { shipment_id: shipmentId });

export function listIntegratorShipmentsBySession(db: Db, sessionId: string): IntegratorShipmentRow[] {
  return db
    .prepare('SELECT * FROM integrator_shipments WHERE session_id = ? ORDER BY created_at, rowid')
    .all(sessionId) as IntegratorShipmentRow[];
}
