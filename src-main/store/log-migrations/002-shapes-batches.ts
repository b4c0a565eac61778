import type { Migration } from '../migrate';

/**
 * An exchange in two parts. Its shape is everything but its id, time and duration, as one JSON
 * document, stored once however many exchanges share it: under load the same request gets the same
 * answer thousands of times. Its entry, `[shape, id, at, duration_ms]`, goes with the others the writer
 * committed together into one row of `exchange_batches` (a JSON array), and an index lists the batches
 * holding each order's exchanges. An exchange that repeats a shape costs about fifty bytes and no row
 * of its own. `exchanges_flat` shows the log as plain columns, one row per exchange, for reading it by
 * hand.
 *
 * Existing rows: each becomes a shape of its own and a batch of one entry, in order (`legacy_seq` links
 * them meanwhile); the first layout's table is left empty.
 */
export const m002ShapesBatches: Migration = {
  version: 2,
  name: 'shapes-batches',
  up(db) {
    db.exec(`
      -- The Exchange schema's fields but id, at and duration_ms, as JSON; a body stored by reference is
      -- null there. legacy_seq only links rows while they are migrated.
      CREATE TABLE exchange_shapes (
        id INTEGER PRIMARY KEY,
        doc TEXT NOT NULL,
        request_body_ref TEXT,
        response_body_ref TEXT,
        legacy_seq INTEGER
      );
      -- entries: a JSON array of [shape, id, at, duration_ms], in the order they were recorded.
      CREATE TABLE exchange_batches (seq INTEGER PRIMARY KEY, entries TEXT NOT NULL, legacy_seq INTEGER);
      CREATE TABLE exchange_batch_orders (
        order_id TEXT NOT NULL,
        batch INTEGER NOT NULL,
        PRIMARY KEY (order_id, batch)
      ) WITHOUT ROWID;

      INSERT INTO exchange_shapes (doc, request_body_ref, response_body_ref, legacy_seq)
        SELECT json_object('order_id', order_id, 'direction', direction, 'kind', kind, 'method', method,
          'url', url, 'status', status,
          'request', json_object('headers', json(request_headers), 'body', request_body),
          'response', json_object('headers', json(response_headers), 'body', response_body),
          'outcome', outcome, 'violations', json(violations)), request_body_ref, response_body_ref, seq
        FROM exchanges ORDER BY seq;
      INSERT INTO exchange_batches (entries, legacy_seq)
        SELECT json_array(json_array(sh.id, x.id, x.at, x.duration_ms)), x.seq
        FROM exchanges x JOIN exchange_shapes sh ON sh.legacy_seq = x.seq ORDER BY x.seq;
      INSERT INTO exchange_batch_orders (order_id, batch)
        SELECT x.order_id, b.seq FROM exchanges x JOIN exchange_batches b ON b.legacy_seq = x.seq
        WHERE x.order_id IS NOT NULL;
      UPDATE exchange_shapes SET legacy_seq = NULL WHERE legacy_seq IS NOT NULL;
      UPDATE exchange_batches SET legacy_seq = NULL WHERE legacy_seq IS NOT NULL;
      DELETE FROM exchanges;

      DROP INDEX exchanges_order;
      CREATE VIEW exchanges_flat AS
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
        LEFT JOIN exchange_bodies rs ON rs.hash = sh.response_body_ref;
    `);
  },
};
