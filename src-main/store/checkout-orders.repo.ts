import { preparedFor, type Db } from './db';

/** A stored checkout order: the API document and the simulator's session state, as JSON text. */
export interface CheckoutOrderRow {
  order_id: string;
  status: string;
  doc: string;
  session: string | null;
  created_at: string;
  updated_at: string;
}

const s = preparedFor((db: Db) => {
  return {
    insert: db.prepare(
      'INSERT INTO checkout_orders (order_id, status, doc, session, created_at, updated_at) VALUES (@order_id, @status, @doc, @session, @created_at, @updated_at)',
    ),
    update: db.prepare(
      'UPDATE checkout_orders SET status = @status, doc = @doc, session = @session, updated_at = @updated_at WHERE order_id = @order_id',
    ),
    get: db.prepare('SELECT * FROM checkout_orders WHERE order_id = ?'),
    getDoc: db.prepare('SELECT doc FROM checkout_orders WHERE order_id = ?').pluck(),
    list: db.prepare('SELECT * FROM checkout_orders ORDER BY created_at DESC, rowid DESC LIMIT ?'),
  };
});

export function insertCheckoutOrder(db: Db, row: CheckoutOrderRow): void {
  s(db).insert.run(row);
}

export function updateCheckoutOrder(db: Db, row: Omit<CheckoutOrderRow, 'created_at'>): boolean {
  return s(db).update.run(row).changes === 1;
}

export function getCheckoutOrder(db: Db, orderId: string): CheckoutOrderRow | undefined {
  return s(db).get.get(orderId) as CheckoutOrderRow | undefined;
}

/** The stored JSON document alone: the hot path of GET, with no parse. */
export function getCheckoutOrderDoc(db: Db, orderId: string): string | undefined {
  return s(db).getDoc.get(orderId) as string | undefined;
}

export function listCheckoutOrders(db: Db, limit: number): CheckoutOrderRow[] {
  return s(db).list.all(limit) as CheckoutOrderRow[];
}
