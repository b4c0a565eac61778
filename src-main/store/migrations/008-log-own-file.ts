import type { Migration } from '../migrate';

const COLUMNS = `seq, id, order_id, direction, kind, method, url, status, duration_ms, at, request_headers,
  request_body, request_body_ref, response_headers, response_body, response_body_ref, outcome, violations`;

/**
 * The exchange log moves to its own database file (see ../log-db.ts), attached as schema `log` before
 * migrations run: the rows recorded so far are copied there, in order, and the old tables dropped.
 */
export const m008LogOwnFile: Migration = {
  version: 8,
  name: 'log-own-file',
  up(db) {
    db.exec(`
      INSERT OR IGNORE INTO log.exchanges (${COLUMNS}) SELECT ${COLUMNS} FROM main.exchanges ORDER BY seq;
      INSERT OR IGNORE INTO log.exchange_bodies (hash, text) SELECT hash, text FROM main.exchange_bodies;
      DROP TABLE main.exchanges;
      DROP TABLE main.exchange_bodies;
    `);
  },
};
