import { Worker } from 'node:worker_threads';
import { entryFields, ShapeEncoder, type ExchangeEntry } from './exchange-doc';
import { exchangeWriterModule } from './exchange-writer-module';
import type { OpenDbOptions } from './db';
import type {
  FromWriter,
  SharedBodies,
  ToWriter,
  WriteMessage,
  WriterInit,
} from './exchange-writer-protocol';
import { logFileFor } from './log-db';
import { LOG_MAX_BYTES_DEFAULT } from '@shared/schemas/log-status.schema';

/** Bodies from this many characters on are stored once by content hash (see log-db.ts). */
export const SHARED_BODY_MIN = 512;

/*
 * A batch crosses threads as one buffer of UTF-8 text, one line per exchange, five fields separated by
 * tabs: the entry's own fields (exchange-doc.ts `entryFields`), the request body's and the response
 * body's reference (a hash, or empty), the order id as JSON and the exchange's shape (`shapeDoc`); JSON
 * text never holds a raw tab or newline. A line of the entry's fields alone repeats the line before's
 * shape (`ShapeEncoder`). Each exchange is encoded into the buffer when it is appended, and the buffer
 * is transferred, not copied, to the writer. A shared body's text goes beside it, in `bodies`, the
 * first time its hash is sent only; without a known hash the writer hashes it. The writer stores each
 * shape once however many lines repeat it, and the batch's entries as one row (log-db.ts). Batches
 * that queued up while the writer was busy are committed in one transaction. The writer thread's code
 * is exchange-writer-worker.ts; the messages both sides exchange are exchange-writer-protocol.ts.
 */

/** Content hashes (sha1, base64url, see core/exchanges/body-hash.ts) of an exchange's bodies, known upstream. */
export interface BodyHashes {
  request?: string;
  response?: string;
}

export interface ExchangeWriter {
  /** Adds an exchange to the batch being built; `hashes`, when given, are its bodies' content hashes. */
  append(e: ExchangeEntry, hashes?: BodyHashes): void;
  /** Hands the batch built so far to the writer thread; resolves once it is committed. */
  commit(): Promise<void>;
  /**
   * Empties the log of everything appended so far (committed or not) by replacing its file (detach it
   * from other connections first); resolves with how many exchanges it held. What is appended
   * afterwards is kept.
   */
  clear(): Promise<number>;
  // The two below are optional so that a stand-in writer (a test's) needs neither.
  /** Sets the log's size cap in bytes (from the default, LOG_MAX_BYTES_DEFAULT): past it the oldest exchanges go. */
  setCap?(maxBytes: number): void;
  /** Tells `listener` when the cap removed exchanges: how many now, and in all since the log was emptied. */
  onPruned?(listener: (count: number, total: number) => void): void;
  close(): Promise<void>;
}

/** The first batch buffer's size; a batch that outgrew its buffer starts the next one at its size. */
const BATCH_BYTES = 64 * 1024;

/**
 * Starts the exchange-log writer thread on the log beside `file` (already created by `openDb`). The
 * HTTP thread encodes each exchange into the batch as it is appended (the format is described above);
 * a shared body whose hash was sent before crosses as its hash alone (under load the same order or
 * options list is answered thousands of times).
 */
export function startExchangeWriter(file: string, opts: OpenDbOptions = {}): ExchangeWriter {
  const init: WriterInit = { file: logFileFor(file), maxBytes: LOG_MAX_BYTES_DEFAULT };
  if (opts.nativeBinding) init.nativeBinding = opts.nativeBinding;
  const worker = new Worker(exchangeWriterModule(), { workerData: init });
  worker.unref();
  const send = (msg: ToWriter, transfer?: ArrayBuffer[]) => worker.postMessage(msg, transfer);
  let nextId = 0;
  const waiting = new Map<number, { resolve: (cleared: number) => void; reject: (e: Error) => void }>();
  /** Hashes of shared bodies handed to the worker; forgotten after a failed batch. */
  const sent = new Set<string>();
  let closed: (() => void) | null = null;
  const failAll = (err: Error) => {
    sent.clear();
    for (const w of waiting.values()) w.reject(err);
    waiting.clear();
  };
  /** The generation batches are stamped with, and the one of the batch being built (see `pruned`). */
  let generation = 0;
  let pruned: ((count: number, total: number) => void) | undefined;
  let batchGeneration = 0;
  worker.on('message', (msg: FromWriter) => {
    if (msg.type === 'closed') return closed?.();
    if (msg.type === 'pruned') {
      // Bodies no longer used are about to go: from the next batch on, each body goes with its text again.
      sent.clear();
      generation = msg.forget;
      return pruned?.(msg.count, msg.total);
    }
    const w = waiting.get(msg.id);
    waiting.delete(msg.id);
    if (msg.type === 'failed') {
      sent.clear();
      shapes.reset();
      // SQLite's code goes with the error, so that a full disk is told from a bug (store/disk-full.ts).
      w?.reject(Object.assign(new Error(msg.error), msg.code ? { code: msg.code } : {}));
    } else w?.resolve(msg.type === 'cleared' ? msg.count : 0);
  });
  worker.on('error', failAll);
  /** The batch being built: its encoded lines, how many, and the texts of shared bodies sent with it. */
  let buf = Buffer.allocUnsafeSlow(BATCH_BYTES);
  let used = 0;
  let count = 0;
  let bodies: SharedBodies = [];
  const shapes = new ShapeEncoder();
  /**
   * A shared body's reference on its line (empty when its hash is not known: the writer hashes it); its
   * text goes in `bodies` unless its hash went before.
   */
  const share = (which: 0 | 1, text: string, hash: string | undefined): string => {
    if (hash !== undefined && sent.has(hash)) return hash;
    if (hash !== undefined) {
      if (sent.size > 10_000) sent.clear();
      sent.add(hash);
    }
    bodies.push(count, which, hash ?? null, text);
    return hash ?? '';
  };
  return {
    append(e, hashes) {
      // A body from SHARED_BODY_MIN characters on is stored by reference, and left null in the document.
      let rq = e.request.body;
      let rs = e.response.body;
      let rqRef = '';
      let rsRef = '';
      // A body whose hash the writer is yet to compute has no reference here for the next line to repeat.
      let unhashed = false;
      if (rq !== null && rq.length >= SHARED_BODY_MIN) {
        rqRef = share(0, rq, hashes?.request);
        unhashed = rqRef === '';
        rq = null;
      }
      if (rs !== null && rs.length >= SHARED_BODY_MIN) {
        rsRef = share(1, rs, hashes?.response);
        unhashed ||= rsRef === '';
        rs = null;
      }
      const line = `${entryFields(e)}${shapes.encode(e, rqRef, rsRef, rq, rs, unhashed) ?? ''}\n`;
      // UTF-8 takes at most three bytes per UTF-16 unit.
      if (buf.length - used < line.length * 3) {
        const bigger = Buffer.allocUnsafeSlow(Math.max(buf.length * 2, used + line.length * 3));
        buf.copy(bigger, 0, 0, used);
        buf = bigger;
      }
      used += buf.write(line, used);
      if (count++ === 0) batchGeneration = generation;
    },
    commit() {
      if (count === 0) return Promise.resolve();
      const id = nextId++;
      const message: WriteMessage = {
        ...{ type: 'write', id, data: buf.buffer, length: used, bodies },
        generation: batchGeneration,
      };
      buf = Buffer.allocUnsafeSlow(buf.length);
      used = 0;
      count = 0;
      bodies = [];
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve: () => resolve(), reject });
        send(message, [message.data]);
      });
    },
    clear() {
      // What was appended but not handed over goes too; the bodies and the shape that lines to come
      // would lean on are about to go.
      used = 0;
      count = 0;
      bodies = [];
      sent.clear();
      shapes.reset();
      const id = nextId++;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        send({ type: 'clear', id });
      });
    },
    setCap(maxBytes) {
      send({ type: 'cap', maxBytes });
    },
    onPruned(listener) {
      pruned = listener;
    },
    close() {
      return new Promise<void>((resolve) => {
        closed = resolve;
        send({ type: 'close' });
      }).then(() => worker.terminate().then(() => undefined));
    },
  };
}
