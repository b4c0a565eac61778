import { preparedFor, type Db } from './db';

/*
 * Most tables hold one document per key, with a few columns beside it to query on: a row is inserted
 * whole, some of its columns rewritten by its key, read and deleted by its key. One spec of the columns
 * writes those four statements, so a repository module states only what is its own.
 */

export interface KeyedTableSpec<Row, K extends keyof Row, I extends keyof Row, U extends keyof Row> {
  table: string;
  /** The columns naming one row (a merchant's client: its id and the merchant's). */
  key: readonly K[];
  /** The columns an insert writes (an AUTOINCREMENT column is left out). */
  insert: readonly I[];
  /** The columns an update rewrites. */
  update: readonly U[];
}

export interface KeyedTable<Row, K extends keyof Row, I extends keyof Row, U extends keyof Row> {
  insert(db: Db, row: Pick<Row, I>): void;
  /** False when no row has that key. */
  update(db: Db, row: Pick<Row, K | U>): boolean;
  get(db: Db, key: Pick<Row, K>): Row | undefined;
  /** False when no row has that key. */
  remove(db: Db, key: Pick<Row, K>): boolean;
}

const params = (cols: readonly PropertyKey[], sep: string) =>
  cols.map((c) => `${String(c)} = @${String(c)}`).join(sep);

/** The statements of a table read and written by key (see above), prepared once per connection. */
export function keyedTable<Row, K extends keyof Row, I extends keyof Row, U extends keyof Row>(
  spec: KeyedTableSpec<Row, K, I, U>,
): KeyedTable<Row, K, I, U> {
  const { table, key, insert, update } = spec;
  const where = params(key, ' AND ');
  const s = preparedFor((db: Db) => ({
    insert: db.prepare(
      `INSERT INTO ${table} (${insert.join(', ')}) VALUES (${insert.map((c) => `@${String(c)}`).join(', ')})`,
    ),
    update: db.prepare(`UPDATE ${table} SET ${params(update, ', ')} WHERE ${where}`),
    get: db.prepare(`SELECT * FROM ${table} WHERE ${where}`),
    remove: db.prepare(`DELETE FROM ${table} WHERE ${where}`),
  }));
  return {
    insert: (db, row) => void s(db).insert.run(row),
    update: (db, row) => s(db).update.run(row).changes === 1,
    get: (db, k) => s(db).get.get(k) as Row | undefined,
    remove: (db, k) => s(db).remove.run(k).changes === 1,
  };
}
