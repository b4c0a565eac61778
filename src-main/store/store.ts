import { openDb, type Db, type OpenDbOptions } from './db';
import { startExchangeWriter, type ExchangeWriter } from './exchange-writer';

export interface Store {
  db: Db;
  exchangeWriter: ExchangeWriter;
}

/** Opens the database (migrating it) and starts the exchange log's writer thread on the same file. */
export function openStore(file: string, opts: OpenDbOptions = {}): Store {
  const db = openDb(file, opts);
  return { db, exchangeWriter: startExchangeWriter(file, opts) };
}
