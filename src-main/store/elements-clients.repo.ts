import { preparedFor, type Db } from './db';

/** A stored elements client: name, origins and placements as JSON, with the columns queried on. */
export interface ElementsClientRow {
  seq: number;
  id: string;
  merchant_id: string;
  doc: string;
  created_at: string;
  updated_at: string;
}

const s = preparedFor((db: Db) => {
  return {
    insert: db.prepare(
      'INSERT INTO elements_clients (id, merchant_id, doc, created_at, updated_at) VALUES (@id, @merchant_id, @doc, @created_at, @updated_at)',
    ),
    update: db.prepare(
      'UPDATE elements_clients SET doc = @doc, updated_at = @updated_at WHERE id = @id AND merchant_id = @merchant_id',
    ),
    get: db.prepare('SELECT * FROM elements_clients WHERE id = ? AND merchant_id = ?'),
    remove: db.prepare('DELETE FROM elements_clients WHERE id = ? AND merchant_id = ?'),
    page: db.prepare('SELECT * FROM elements_clients WHERE merchant_id = ? AND seq > ? ORDER BY seq LIMIT ?'),
  };
});

export function insertElementsClient(db: Db, row: Omit<ElementsClientRow, 'seq'>): void {
  s(db).insert.run(row);
}

/** Rewrites a client's document; false when the merchant has no such client. */
export function updateElementsClient(
  db: Db,
  row: Pick<ElementsClientRow, 'id' | 'merchant_id' | 'doc' | 'updated_at'>,
): boolean {
  return s(db).update.run(row).changes === 1;
}

/** A merchant's client; another merchant's client is as good as missing. */
export function getElementsClient(db: Db, id: string, merchantId: string): ElementsClientRow | undefined {
  return s(db).get.get(id, merchantId) as ElementsClientRow | undefined;
}

export function deleteElementsClient(db: Db, id: string, merchantId: string): boolean {
  return s(db).remove.run(id, merchantId).changes === 1;
}

/** Up to `limit` of a merchant's clients after `afterSeq`, oldest first (keyset pagination). */
export function pageElementsClients(
  db: Db,
  merchantId: string,
  afterSeq: number,
  limit: number,
): ElementsClientRow[] {
  return s(db).page.all(merchantId, afterSeq, limit) as ElementsClientRow[];
}
