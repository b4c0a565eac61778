import type { Db } from './db';

/** The first answer given to a request carrying a Klarna-Idempotency-Key. */
export interface IdempotentAnswerRow {
  idem_key: string;
  method: string;
  path: string;
  status: number;
  /** JSON object text. */
  headers: string;
  body: string | null;
  created_at: string;
}

export function getIdempotentAnswer(
  db: Db,
  key: string,
  method: string,
  path: string,
): IdempotentAnswerRow | undefined {
  return db
    .prepare('SELECT * FROM om_idempotency WHERE idem_key = ? AND method = ? AND path = ?')
    .get(key, method, path) as IdempotentAnswerRow | undefined;
}

/** Stores the first answer; a second one for the same key, method and path is ignored. */
export function putIdempotentAnswer(db: Db, row: IdempotentAnswerRow): void {
  db.prepare(
    `INSERT OR IGNORE INTO om_idempotency (idem_key, method, path, status, headers, body, created_at)
     VALUES (@idem_key, @method, @path, @status, @headers, @body, @created_at)`,
  ).run(row);
}
