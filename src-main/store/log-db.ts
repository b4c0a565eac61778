import { existsSync, renameSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Db } from './db';

/**
 * The exchange log lives in its own database file beside the simulator's: its writer thread appends
 * thousands of rows a second, and in a file of its own it never holds the lock that order writes need,
 * and its checkpoints never stall them. The main connection attaches it as schema `log` to read it.
 */
export const LOG_DB_FILE = 'exchanges.db';
export const LOG_SCHEMA = 'log';

export const logFileFor = (mainFile: string): string => join(dirname(mainFile), LOG_DB_FILE);

/**
 * Moves the rows of the first layout's `exchanges` table into the current one, in order (a no-op when
 * it is empty): each row becomes a shape of its own and a batch of one entry. `orders` indexes the
 * new batches by order, as the layout of its version does.
 */
const drainLegacyWith = (s: string, orders: string) => `
    INSERT INTO ${s}.exchange_shapes (doc, request_body_ref, response_body_ref, legacy_seq)
      SELECT json_object('order_id', order_id, 'direction', direction, 'kind', kind, 'method', method,
        'url', url, 'status', status,
        'request', json_object('headers', json(request_headers), 'body', request_body),
        'response', json_object('headers', json(response_headers), 'body', response_body),
        'outcome', outcome, 'violations', json(violations)), request_body_ref, response_body_ref, seq
      FROM ${s}.exchanges ORDER BY seq;
    INSERT INTO ${s}.exchange_batches (entries, legacy_seq)
      SELECT json_array(json_array(sh.id, x.id, x.at, x.duration_ms)), x.seq
      FROM ${s}.exchanges x JOIN ${s}.exchange_shapes sh ON sh.legacy_seq = x.seq ORDER BY x.seq;
    ${orders}
    UPDATE ${s}.exchange_shapes SET legacy_seq = NULL WHERE legacy_seq IS NOT NULL;
    UPDATE ${s}.exchange_batches SET legacy_seq = NULL WHERE legacy_seq IS NOT NULL;
    DELETE FROM ${s}.exchanges;`;

/** Layout 2's order index (frozen: version 2 runs it). */
const drainLegacyV2 = (s: string) =>
  drainLegacyWith(
    s,
    `INSERT INTO ${s}.exchange_batch_orders (order_id, batch)
      SELECT x.order_id, b.seq FROM ${s}.exchanges x JOIN ${s}.exchange_batches b ON b.legacy_seq = x.seq
      WHERE x.order_id IS NOT NULL;`,
  );

/** The current layout's order index: each order's number, then its batches. */
const drainLegacy = (s: string) =>
  drainLegacyWith(
    s,
    `INSERT OR IGNORE INTO ${s}.exchange_orders (order_id)
      SELECT order_id FROM ${s}.exchanges WHERE order_id IS NOT NULL GROUP BY order_id ORDER BY min(seq);
    INSERT OR IGNORE INTO ${s}.exchange_order_batches (order_ref, batch)
      SELECT o.id, b.seq FROM ${s}.exchanges x JOIN ${s}.exchange_batches b ON b.legacy_seq = x.seq
      JOIN ${s}.exchange_orders o ON o.order_id = x.order_id;`,
  );

/**
 * The log's schema, versioned by `PRAGMA user_version`. Rows are only ever appended: the sequence
 * numbers are plain rowids (no AUTOINCREMENT).
 *
 * Version 2 stores an exchange in two parts. Its shape is everything but its id, time and duration,
 * as one JSON document, stored once however many exchanges share it: under load the same request gets
 * the same answer thousands of times. Its entry, `[shape, id, at, duration_ms]`, goes with the others
 * the writer committed together into one row of `exchange_batches` (a JSON array); an index lists the
 * batches holding each order's exchanges (version 3 keys it by a number per order). What the log
 * costs the machine is mostly the rows and bytes it writes (b-tree pages, their checkpoint, the OS
 * writing them back): an exchange that repeats a shape costs about fifty bytes and no row of its own.
 *
 * The first layout's `exchanges` table stays, empty, because migration 008 of the main file writes
 * into it; `openDb` drains it after the main migrations (`drainLegacyExchanges`). `exchanges_flat`
 * shows the log as plain columns, one row per exchange, for reading it by hand.
 */
const LOG_SCHEMA_VERSIONS: readonly ((schema: string) => string)[] = [
  (s) => `
    CREATE TABLE ${s}.exchanges (
      seq INTEGER PRIMARY KEY,
      id TEXT NOT NULL,
      order_id TEXT,
      direction TEXT NOT NULL CHECK (direction IN ('in', 'out')),
      kind TEXT NOT NULL,
      method TEXT NOT NULL,
      url TEXT NOT NULL,
      status INTEGER,
      duration_ms REAL NOT NULL,
      at TEXT NOT NULL,
      request_headers TEXT NOT NULL,
      request_body TEXT,
      request_body_ref TEXT,
      response_headers TEXT NOT NULL,
      response_body TEXT,
      response_body_ref TEXT,
      outcome TEXT,
      violations TEXT NOT NULL DEFAULT '[]'
    );
    CREATE INDEX ${s}.exchanges_order ON exchanges (order_id, seq);
    -- Large bodies stored once each by content hash (an order read a thousand times is one row here).
    CREATE TABLE ${s}.exchange_bodies (hash TEXT PRIMARY KEY, text TEXT NOT NULL) WITHOUT ROWID;`,
  (s) => `
    -- The Exchange schema's fields but id, at and duration_ms, as JSON; a body stored by reference is
    -- null there. legacy_seq only links rows while they are migrated.
    CREATE TABLE ${s}.exchange_shapes (
      id INTEGER PRIMARY KEY,
      doc TEXT NOT NULL,
      request_body_ref TEXT,
      response_body_ref TEXT,
      legacy_seq INTEGER
    );
    -- entries: a JSON array of [shape, id, at, duration_ms], in the order they were recorded.
    CREATE TABLE ${s}.exchange_batches (seq INTEGER PRIMARY KEY, entries TEXT NOT NULL, legacy_seq INTEGER);
    CREATE TABLE ${s}.exchange_batch_orders (
      order_id TEXT NOT NULL,
      batch INTEGER NOT NULL,
      PRIMARY KEY (order_id, batch)
    ) WITHOUT ROWID;
    ${drainLegacyV2(s)}
    DROP INDEX ${s}.exchanges_order;
    CREATE VIEW ${s}.exchanges_flat AS
      SELECT b.seq AS batch, CAST(j.key AS INTEGER) AS position, j.value ->> 1 AS id,
        sh.doc ->> 'order_id' AS order_id, sh.doc ->> 'direction' AS direction, sh.doc ->> 'kind' AS kind,
        sh.doc ->> 'method' AS method, sh.doc ->> 'url' AS url, sh.doc ->> 'status' AS status,
        j.value ->> 3 AS duration_ms, j.value ->> 2 AS at,
        sh.doc -> 'request' ->> 'headers' AS request_headers,
        COALESCE(sh.doc -> 'request' ->> 'body', rq.text) AS request_body,
        sh.doc -> 'response' ->> 'headers' AS response_headers,
        COALESCE(sh.doc -> 'response' ->> 'body', rs.text) AS response_body,
        sh.doc ->> 'outcome' AS outcome, sh.doc ->> 'violations' AS violations
      FROM exchange_batches b, json_each(b.entries) j
      JOIN exchange_shapes sh ON sh.id = j.value ->> 0
      LEFT JOIN exchange_bodies rq ON rq.hash = sh.request_body_ref
      LEFT JOIN exchange_bodies rs ON rs.hash = sh.response_body_ref;`,
  (s) => `
    -- Each order gets a number when it first appears, and the index of batches by order is keyed by it:
    -- an entry is a few bytes instead of a UUID, and the entries of orders that appeared together sit
    -- on the same pages, so a batch about a few hundred orders rewrites a few pages of the index, not
    -- one page per order (the UUIDs' order is random).
    CREATE TABLE ${s}.exchange_orders (id INTEGER PRIMARY KEY, order_id TEXT NOT NULL UNIQUE);
    CREATE TABLE ${s}.exchange_order_batches (
      order_ref INTEGER NOT NULL,
      batch INTEGER NOT NULL,
      PRIMARY KEY (order_ref, batch)
    ) WITHOUT ROWID;
    INSERT INTO ${s}.exchange_orders (order_id)
      SELECT order_id FROM ${s}.exchange_batch_orders GROUP BY order_id ORDER BY min(batch);
    INSERT INTO ${s}.exchange_order_batches (order_ref, batch)
      SELECT o.id, bo.batch FROM ${s}.exchange_batch_orders bo JOIN ${s}.exchange_orders o USING (order_id);
    DROP TABLE ${s}.exchange_batch_orders;`,
];

/** Brings the log's schema (in `schema` of `db`) up to date. */
export function migrateLog(db: Db, schema: string): void {
  const version = db.pragma(`${schema}.user_version`, { simple: true }) as number;
  for (let v = version; v < LOG_SCHEMA_VERSIONS.length; v++) {
    db.transaction(() => {
      db.exec(LOG_SCHEMA_VERSIONS[v]!(schema));
      db.pragma(`${schema}.user_version = ${v + 1}`);
    })();
  }
}

/**
 * Moves rows that migration 008 copied into the first layout's table (from a main file older than
 * it) into `entries`. Run after the main migrations; costs one empty scan otherwise.
 */
export function drainLegacyExchanges(db: Db, schema: string = LOG_SCHEMA): void {
  const any = db.prepare(`SELECT 1 FROM ${schema}.exchanges LIMIT 1`).get();
  if (any) db.transaction(() => db.exec(drainLegacy(schema)))();
}

const UNREADABLE = new Set(['SQLITE_CORRUPT', 'SQLITE_NOTADB']);

/**
 * Attaches the log beside `mainFile` as schema `log`, creating or upgrading it. A log file that is not
 * a database (or is damaged) is moved aside, with `onDamaged` told where, and a fresh one started: the
 * log is a record of traffic, and losing it must never keep the simulator from starting.
 */
export function attachLog(db: Db, mainFile: string, onDamaged?: (movedTo: string) => void): void {
  const file = logFileFor(mainFile);
  const attach = () => {
    db.prepare(`ATTACH DATABASE ? AS ${LOG_SCHEMA}`).run(file);
    db.pragma(`${LOG_SCHEMA}.journal_mode = WAL`);
    migrateLog(db, LOG_SCHEMA);
  };
  try {
    attach();
  } catch (err) {
    if (!UNREADABLE.has((err as { code?: string }).code ?? '')) throw err;
    const attached = (db.pragma('database_list') as { name: string }[]).some((d) => d.name === LOG_SCHEMA);
    if (attached) db.exec(`DETACH DATABASE ${LOG_SCHEMA}`);
    const movedTo = `${file}.damaged-${Date.now()}`;
    for (const suffix of ['', '-wal', '-shm'])
      if (existsSync(file + suffix)) renameSync(file + suffix, movedTo + suffix);
    onDamaged?.(movedTo);
    attach();
  }
}
