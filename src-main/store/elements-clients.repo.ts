import { preparedFor, type Db } from './db';
import { keyedTable } from './keyed-table';

/** A stored elements client: name, origins and placements as JSON, with the columns queried on. */
export interface ElementsClientRow {
  seq: number;
  id: string;
  merchant_id: string;
  doc: string;
  created_at: string;
  updated_at: string;
}

// A client is keyed by its merchant too: another merchant's client is as good as missing.
const clients = keyedTable<
  ElementsClientRow,
  'id' | 'merchant_id',
  Exclude<keyof ElementsClientRow, 'seq'>,
  'doc' | 'updated_at'
>({
  table: 'elements_clients',
  key: ['id', 'merchant_id'],
  insert: ['id', 'merchant_id', 'doc', 'created_at', 'updated_at'],
  update: ['doc', 'updated_at'],
});

const s = preparedFor((db: Db) => ({
  page: db.prepare('SELECT * FROM elements_clients WHERE merchant_id = ? AND seq > ? ORDER BY seq LIMIT ?'),
}));

export const insertElementsClient = clients.insert;

/** Rewrites a client's document; false when the merchant has no such client. */
export const updateElementsClient = clients.update;

/** A merchant's client; another merchant's client is as good as missing. */
export const getElementsClient = (db: Db, id: string, merchantId: string): ElementsClientRow | undefined =>
  clients.get(db, { id, merchant_id: merchantId });

export const deleteElementsClient = (db: Db, id: string, merchantId: string): boolean =>
  clients.remove(db, { id, merchant_id: merchantId });

/** Up to `limit` of a merchant's clients after `afterSeq`, oldest first (keyset pagination). */
export function pageElementsClients(
  db: Db,
  merchantId: string,
  afterSeq: number,
  limit: number,
): ElementsClientRow[] {
  return s(db).page.all(merchantId, afterSeq, limit) as ElementsClientRow[];
}
