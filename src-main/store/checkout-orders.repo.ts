import { preparedFor, type Db } from './db';
import { keyedTable } from './keyed-table';

/** A stored checkout order: the API document and the simulator's session state, as JSON text. */
export interface CheckoutOrderRow {
  order_id: string;
  status: string;
  doc: string;
  session: string | null;
  created_at: string;
  updated_at: string;
}

const orders = keyedTable<
  CheckoutOrderRow,
  'order_id',
  keyof CheckoutOrderRow,
  'status' | 'doc' | 'session' | 'updated_at'
>({
  table: 'checkout_orders',
  key: ['order_id'],
  insert: ['order_id', 'status', 'doc', 'session', 'created_at', 'updated_at'],
  update: ['status', 'doc', 'session', 'updated_at'],
});

const s = preparedFor((db: Db) => {
  return {
    getDoc: db.prepare('SELECT doc FROM checkout_orders WHERE order_id = ?').pluck(),
    getSession: db.prepare('SELECT session FROM checkout_orders WHERE order_id = ?').pluck(),
    list: db.prepare('SELECT * FROM checkout_orders ORDER BY created_at DESC, rowid DESC LIMIT ?'),
    // A page after a cursor (the last row's created_at and rowid), optionally of one stored status.
    page: db.prepare(
      `SELECT rowid AS seq, * FROM checkout_orders
       WHERE (@at IS NULL OR created_at < @at OR (created_at = @at AND rowid < @seq))
         AND (@status IS NULL OR status = @status)
       ORDER BY created_at DESC, rowid DESC LIMIT @limit`,
    ),
    updateSession: db.prepare('UPDATE checkout_orders SET session = ? WHERE order_id = ?'),
    // instr() first: most sessions have no own faults, and it skips them without parsing their JSON.
    ownFaults: db.prepare(
      `SELECT order_id, json_extract(session, '$.merchant_faults') AS faults FROM checkout_orders
       WHERE instr(session, '"merchant_faults"') > 0 AND json_extract(session, '$.merchant_faults') IS NOT NULL`,
    ),
  };
});

export const insertCheckoutOrder: (db: Db, row: CheckoutOrderRow) => void = orders.insert;

export const updateCheckoutOrder: (db: Db, row: Omit<CheckoutOrderRow, 'created_at'>) => boolean =
  orders.update;

export const getCheckoutOrder = (db: Db, orderId: string): CheckoutOrderRow | undefined =>
  orders.get(db, { order_id: orderId });

/** The stored JSON document alone: the hot path of GET, with no parse. */
export function getCheckoutOrderDoc(db: Db, orderId: string): string | undefined {
  return s(db).getDoc.get(orderId) as string | undefined;
}

export function listCheckoutOrders(db: Db, limit: number): CheckoutOrderRow[] {
  return s(db).list.all(limit) as CheckoutOrderRow[];
}

/** A row with its rowid, which orders rows created in the same millisecond. */
export type CheckoutOrderPageRow = CheckoutOrderRow & { seq: number };

/** Rows after `before` (newest first), of one stored status when given. */
export function pageCheckoutOrders(
  db: Db,
  q: { before: { at: string; seq: number } | null; status: string | null; limit: number },
): CheckoutOrderPageRow[] {
  return s(db).page.all({
    at: q.before?.at ?? null,
    seq: q.before?.seq ?? 0,
    status: q.status,
    limit: q.limit,
  }) as CheckoutOrderPageRow[];
}

/** The stored session state alone, as JSON text (null: none yet; undefined: no such order). */
export function getCheckoutSession(db: Db, orderId: string): string | null | undefined {
  return s(db).getSession.get(orderId) as string | null | undefined;
}

/** Writes the session state alone: the order document (and its last_modified_at) stays as it is. */
export function updateCheckoutSession(db: Db, orderId: string, session: string): boolean {
  return s(db).updateSession.run(session, orderId).changes === 1;
}

/** Every order with merchant faults of its own, as the JSON text of its set. */
export function listOwnMerchantFaults(db: Db): { order_id: string; faults: string }[] {
  return s(db).ownFaults.all() as { order_id: string; faults: string }[];
}
