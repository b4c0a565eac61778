import { Worker } from 'node:worker_threads';
import { createRequire } from 'node:module';
import type { Exchange } from '@shared/schemas/exchange.schema';
import type { OpenDbOptions } from './db';

/** Column order of the INSERT below; the worker maps each exchange to these values. */
const INSERT = `INSERT INTO exchanges (id, order_id, direction, kind, method, url, status, duration_ms, at,
  request_headers, request_body, response_headers, response_body, outcome, violations)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;

// Plain CommonJS, evaluated in the worker: a second connection to the same WAL database whose only job
// is to append exchanges, so SQLite's write and checkpoint costs stay off the thread that answers HTTP.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
const db = new Database(workerData.file, workerData.nativeBinding ? { nativeBinding: workerData.nativeBinding } : {});
db.pragma('synchronous = NORMAL');
db.pragma('busy_timeout = 5000');
const insert = db.prepare(workerData.sql);
const write = db.transaction((rows) => {
  for (const r of rows) {
    insert.run(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8], JSON.stringify(r[9]), r[10],
      JSON.stringify(r[11]), r[12], r[13], JSON.stringify(r[14]));
  }
});
parentPort.on('message', (msg) => {
  if (msg.type === 'close') { db.close(); parentPort.postMessage({ type: 'closed' }); return; }
  try { write(msg.batch); parentPort.postMessage({ type: 'done', id: msg.id }); }
  catch (err) { parentPort.postMessage({ type: 'done', id: msg.id, error: String(err && err.stack || err) }); }
});
`;

/** Flat arrays of values clone faster across threads than nested objects (no property names). */
const flat = (e: Exchange) => [
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
];

export interface ExchangeWriter {
  /** Resolves once the batch is committed. */
  write(batch: Exchange[]): Promise<void>;
  close(): Promise<void>;
}

/** Starts the exchange-log writer thread on a database already opened (and migrated) by `openDb`. */
export function startExchangeWriter(file: string, opts: OpenDbOptions = {}): ExchangeWriter {
  const module = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { module, file, nativeBinding: opts.nativeBinding, sql: INSERT },
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
    write(batch) {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        worker.postMessage({ type: 'write', id, batch: batch.map(flat) });
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
