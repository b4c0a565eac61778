import { Worker } from 'node:worker_threads';
import { createRequire } from 'node:module';
import type { Exchange } from '@shared/schemas/exchange.schema';
import type { OpenDbOptions } from './db';
import { logFileFor } from './log-db';

/** Column order of the INSERT below; the worker maps each exchange to these values. */
const INSERT = `INSERT INTO exchanges (id, order_id, direction, kind, method, url, status, duration_ms, at,
  request_headers, request_body, request_body_ref, response_headers, response_body, response_body_ref,
  outcome, violations)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;

/** Bodies from this many characters on are stored once by content hash (see log-db.ts). */
export const SHARED_BODY_MIN = 512;

/** Values per exchange in a batch message: one flat array of primitives and small objects. */
const FIELDS = 17;

// Plain CommonJS, evaluated in the worker: the one connection to the exchange log's own database file
// (log-db.ts), whose only job is to append exchanges, off the thread that answers HTTP.
// synchronous=OFF: a commit is in the OS when it returns, so a killed process loses nothing; only an OS
// crash or power loss could cost the latest entries of the log (order state is in the other file, and
// is synced as before).
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
const db = new Database(workerData.file, workerData.nativeBinding ? { nativeBinding: workerData.nativeBinding } : {});
db.pragma('journal_mode = WAL');
db.pragma('synchronous = OFF');
db.pragma('busy_timeout = 5000');
const { createHash } = require('node:crypto');
// The log is background work: on Linux this thread takes a lower scheduling priority (nice +10), so
// under load it yields the CPU to the threads that answer requests instead of preempting them.
try {
  const tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
  if (tid > 0) require('node:os').setPriority(tid, 10);
} catch {}
const insert = db.prepare(workerData.sql);
const insertBody = db.prepare('INSERT OR IGNORE INTO exchange_bodies (hash, text) VALUES (?, ?)');
const F = workerData.fields;
// A body from sharedMin characters on is stored once by hash; the main thread sends a hash without its
// text when it has sent that text before.
function ref(text, known) {
  if (text === null) return known ? [null, known] : [null, null];
  if (text.length < workerData.sharedMin) return [text, null];
  const hash = known || createHash('sha1').update(text).digest('base64url');
  insertBody.run(hash, text);
  return [null, hash];
}
const write = db.transaction((v) => {
  for (let i = 0; i < v.length; i += F) {
    const [reqBody, reqRef] = ref(v[i + 10], v[i + 16]);
    const [resBody, resRef] = ref(v[i + 12], v[i + 15]);
    insert.run(v[i], v[i + 1], v[i + 2], v[i + 3], v[i + 4], v[i + 5], v[i + 6], v[i + 7], v[i + 8],
      JSON.stringify(v[i + 9]), reqBody, reqRef, JSON.stringify(v[i + 11]), resBody, resRef, v[i + 13],
      v[i + 14] === null ? '[]' : JSON.stringify(v[i + 14]));
  }
});
parentPort.on('message', (msg) => {
  if (msg.type === 'close') { db.close(); parentPort.postMessage({ type: 'closed' }); return; }
  try { write(msg.values); parentPort.postMessage({ type: 'done', id: msg.id }); }
  catch (err) { parentPort.postMessage({ type: 'done', id: msg.id, error: String(err && err.stack || err) }); }
});
`;

/** Content hashes (sha1, base64url, see core/exchanges/body-hash.ts) of an exchange's bodies, known upstream. */
export interface BodyHashes {
  request?: string;
  response?: string;
}

export interface ExchangeWriter {
  /** Resolves once the batch is committed. `hashes[i]`, when given, are the hashes of `batch[i]`'s bodies. */
  write(batch: Exchange[], hashes?: (BodyHashes | undefined)[]): Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts the exchange-log writer thread on the log beside `file` (already created by `openDb`).
 * A batch crosses threads as one flat array; a response body whose hash was sent before crosses as
 * its hash alone (under load the same order or options list is answered thousands of times).
 */
export function startExchangeWriter(file: string, opts: OpenDbOptions = {}): ExchangeWriter {
  const module = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      module,
      file: logFileFor(file),
      nativeBinding: opts.nativeBinding,
      sql: INSERT,
      sharedMin: SHARED_BODY_MIN,
      fields: FIELDS,
    },
  });
  worker.unref();
  let nextId = 0;
  const waiting = new Map<number, { resolve: () => void; reject: (e: Error) => void }>();
  /** Hashes of response bodies handed to the worker; forgotten after a failed batch. */
  const sent = new Set<string>();
  let closed: (() => void) | null = null;
  const failAll = (err: Error) => {
    sent.clear();
    for (const w of waiting.values()) w.reject(err);
    waiting.clear();
  };
  worker.on('message', (msg: { type: string; id: number; error?: string }) => {
    if (msg.type === 'closed') return closed?.();
    const w = waiting.get(msg.id);
    waiting.delete(msg.id);
    if (msg.error) {
      sent.clear();
      w?.reject(new Error(msg.error));
    } else w?.resolve();
  });
  worker.on('error', failAll);
  return {
    write(batch, hashes) {
      const id = nextId++;
      const values: unknown[] = new Array(batch.length * FIELDS);
      /** The body to hand over: none when its hash went before (the worker then stores the reference). */
      const once = (body: string | null, hash: string | undefined) => {
        if (hash === undefined) return body;
        if (sent.has(hash)) return null;
        if (sent.size > 10_000) sent.clear();
        sent.add(hash);
        return body;
      };
      let at = 0;
      for (let i = 0; i < batch.length; i++) {
        const e = batch[i]!;
        const h = hashes?.[i];
        values[at++] = e.id;
        values[at++] = e.order_id;
        values[at++] = e.direction;
        values[at++] = e.kind;
        values[at++] = e.method;
        values[at++] = e.url;
        values[at++] = e.status;
        values[at++] = e.duration_ms;
        values[at++] = e.at;
        values[at++] = e.request.headers;
        values[at++] = once(e.request.body, h?.request);
        values[at++] = e.response.headers;
        values[at++] = once(e.response.body, h?.response);
        values[at++] = e.outcome;
        values[at++] = e.violations.length === 0 ? null : e.violations;
        values[at++] = h?.response ?? null;
        values[at++] = h?.request ?? null;
      }
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        worker.postMessage({ type: 'write', id, values });
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
