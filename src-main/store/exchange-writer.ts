import { Worker } from 'node:worker_threads';
import { createRequire } from 'node:module';
import type { Exchange } from '@shared/schemas/exchange.schema';
import type { OpenDbOptions } from './db';

/** Column order of the INSERT below; the worker maps each exchange to these values. */
const INSERT = `INSERT INTO exchanges (id, order_id, direction, kind, method, url, status, duration_ms, at,
  request_headers, request_body, request_body_ref, response_headers, response_body, response_body_ref,
  outcome, violations)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;

/** Bodies from this many characters on are stored once by content hash (see migration 006). */
export const SHARED_BODY_MIN = 512;

// Plain CommonJS, evaluated in the worker: a second connection to the same WAL database whose only job
// is to append exchanges, so SQLite's write and checkpoint costs stay off the thread that answers HTTP.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
const db = new Database(workerData.file, workerData.nativeBinding ? { nativeBinding: workerData.nativeBinding } : {});
db.pragma('synchronous = NORMAL');
db.pragma('busy_timeout = 5000');
const { createHash } = require('node:crypto');
const insert = db.prepare(workerData.sql);
const insertBody = db.prepare('INSERT OR IGNORE INTO exchange_bodies (hash, text) VALUES (?, ?)');
// Hashes known to be stored already, so a repeated body costs a hash and nothing else.
const stored = new Set();
function body(text, known) {
  if (text === null || text.length < workerData.sharedMin) return [text, null];
  const hash = known || createHash('sha1').update(text).digest('base64url');
  if (!stored.has(hash)) {
    insertBody.run(hash, text);
    if (stored.size > 10000) stored.clear();
    stored.add(hash);
  }
  return [null, hash];
}
const write = db.transaction((rows) => {
  for (const r of rows) {
    const [reqBody, reqRef] = body(r[10]);
    const [resBody, resRef] = body(r[12], r[15]);
    insert.run(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8], JSON.stringify(r[9]), reqBody, reqRef,
      JSON.stringify(r[11]), resBody, resRef, r[13], JSON.stringify(r[14]));
  }
});
parentPort.on('message', (msg) => {
  if (msg.type === 'close') { db.close(); parentPort.postMessage({ type: 'closed' }); return; }
  // IMMEDIATE: take the write lock up front (waiting on busy_timeout), instead of starting as a reader
  // and failing at once with SQLITE_BUSY when another connection wrote in between.
  try { write.immediate(msg.batch); parentPort.postMessage({ type: 'done', id: msg.id }); }
  catch (err) { parentPort.postMessage({ type: 'done', id: msg.id, error: String(err && err.stack || err) }); }
});
`;

/** Flat arrays of values clone faster across threads than nested objects (no property names). */
const flat = (e: Exchange, responseBodyHash: string | undefined) => [
  e.id,
  e.order_id,
  e.direction,
  e.kind,
  e.method,
  e.url,
  e.status,
  e.duration_ms,
  e.at,
  e.request.headers,
  e.request.body,
  e.response.headers,
  e.response.body,
  e.outcome,
  e.violations,
  responseBodyHash,
];

export interface ExchangeWriter {
  /**
   * Resolves once the batch is committed. `responseBodyHashes[i]`, when given, is the content hash of
   * `batch[i].response.body` (sha1, base64url), computed once upstream.
   */
  write(batch: Exchange[], responseBodyHashes?: (string | undefined)[]): Promise<void>;
  close(): Promise<void>;
}

/** Starts the exchange-log writer thread on a database already opened (and migrated) by `openDb`. */
export function startExchangeWriter(file: string, opts: OpenDbOptions = {}): ExchangeWriter {
  const module = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { module, file, nativeBinding: opts.nativeBinding, sql: INSERT, sharedMin: SHARED_BODY_MIN },
  });
  worker.unref();
  let nextId = 0;
  const waiting = new Map<number, { resolve: () => void; reject: (e: Error) => void }>();
  let closed: (() => void) | null = null;
  worker.on('message', (msg: { type: string; id: number; error?: string }) => {
    if (msg.type === 'closed') return closed?.();
    const w = waiting.get(msg.id);
    waiting.delete(msg.id);
    if (msg.error) w?.reject(new Error(msg.error));
    else w?.resolve();
  });
  worker.on('error', (err) => {
    for (const w of waiting.values()) w.reject(err);
    waiting.clear();
  });
  return {
    write(batch, responseBodyHashes) {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        worker.postMessage({
          type: 'write',
          id,
          batch: batch.map((e, i) => flat(e, responseBodyHashes?.[i])),
        });
      });
    },
    close() {
      return new Promise<void>((resolve) => {
        closed = resolve;
        worker.postMessage({ type: 'close' });
      }).then(() => worker.terminate().then(() => undefined));
    },
  };
}
