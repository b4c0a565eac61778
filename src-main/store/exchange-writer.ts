import { Worker } from 'node:worker_threads';
import { createRequire } from 'node:module';
import { entryFields, ShapeEncoder, type ExchangeEntry } from './exchange-doc';
import type { OpenDbOptions } from './db';
import { logFileFor } from './log-db';

/** Bodies from this many characters on are stored once by content hash (see log-db.ts). */
export const SHARED_BODY_MIN = 512;

/**
 * A batch crosses threads as one buffer of UTF-8 text, one line per exchange, five fields separated by
 * tabs: the entry's own fields (exchange-doc.ts `entryFields`), the request body's and the response
 * body's reference (a hash, or empty), the order id as JSON and the exchange's shape (`shapeDoc`); JSON
 * text never holds a raw tab or newline. A line of the entry's fields alone repeats the line before's
 * shape (`ShapeEncoder`). Each exchange is encoded into the buffer when it is appended, and the buffer
 * is transferred, not copied, to the writer. A shared body's text goes beside it, in `bodies`, the
 * first time its hash is sent only; without a known hash the writer hashes it. The writer stores each
 * shape once however many lines repeat it, and the batch's entries as one row (log-db.ts). Batches
 * that queued up while the writer was busy are committed in one transaction.
 */
// Plain CommonJS, evaluated in the worker: the one connection to the exchange log's own database file
// (log-db.ts), whose only job is to append exchanges, off the thread that answers HTTP.
// synchronous=OFF: a commit is in the OS when it returns, so a killed process loses nothing; only an OS
// crash or power loss could cost the latest entries of the log (order state is in the other file, and
// is synced as before).
const WORKER_SOURCE = `
const { parentPort, workerData, receiveMessageOnPort } = require('node:worker_threads');
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
const insertBatch = db.prepare('INSERT INTO exchange_batches (entries) VALUES (?)');
const findOrder = db.prepare('SELECT id FROM exchange_orders WHERE order_id = ?').pluck();
const insertOrder = db.prepare('INSERT INTO exchange_orders (order_id) VALUES (?)');
const insertOrderBatch = db.prepare(
  'INSERT OR IGNORE INTO exchange_order_batches (order_ref, batch) VALUES (?, ?)');
// Each order's number in the index (log-db.ts), by order id; forgotten when a batch fails, since the
// numbers it gave out were rolled back with it.
const orderRefs = new Map();
function orderRef(orderId) {
  let ref = orderRefs.get(orderId);
  if (ref === undefined) {
    ref = findOrder.get(orderId);
    if (ref === undefined) ref = Number(insertOrder.run(orderId).lastInsertRowid);
    if (orderRefs.size >= 100000) orderRefs.clear();
    orderRefs.set(orderId, ref);
  }
  return ref;
}
const insertShape = db.prepare(
  'INSERT INTO exchange_shapes (doc, request_body_ref, response_body_ref) VALUES (?, ?, ?)');
const insertBody = db.prepare('INSERT OR IGNORE INTO exchange_bodies (hash, text) VALUES (?, ?)');
// The shape state: the last line's shape id (undefined when it must be stored again: a failed batch
// may have rolled its copy back), its document, body references and order, as the next line that
// repeats it needs them.
const last = { shape: undefined, doc: null, rq: null, rs: null, order: 'null' };
// Content hashes of a batch's shared bodies, by line (n * 2 + 0 request | 1 response); the writer
// hashes a body whose hash was not sent. bodies: [line, 0 | 1, hash or null, text] for each body sent.
const hashOf = (bodies, i) => bodies[i + 2] || createHash('sha1').update(bodies[i + 3]).digest('base64url');
// Bodies that went with a refused batch, by hash. Batches sent before the refusal was known refer to
// them by hash alone (the HTTP thread sends a body's text once), so they are stored with the first
// line that refers to them.
const refused = new Map();
const refer = (hash) => {
  if (refused.size > 0 && hash && refused.has(hash)) insertBody.run(hash, refused.get(hash));
  return hash;
};
// A line with a shape of its own (\`t1\`: its first tab): its request and response body references
// (empty when not sent on the line), its order id as JSON and its shape document.
function shapeFields(lines, t1, end) {
  const t2 = lines.indexOf('\\t', t1 + 1);
  const t3 = lines.indexOf('\\t', t2 + 1);
  const t4 = lines.indexOf('\\t', t3 + 1);
  return [lines.slice(t1 + 1, t2), lines.slice(t2 + 1, t3), lines.slice(t3 + 1, t4), lines.slice(t4 + 1, end)];
}
// One batch, inside the caller's transaction; \`state\` (a copy of \`last\`) follows its lines.
function writeLines(lines, bodies, state) {
  const refs = new Map();
  for (let i = 0; i < bodies.length; i += 4) {
    const hash = hashOf(bodies, i);
    insertBody.run(hash, bodies[i + 3]);
    refs.set(bodies[i] * 2 + bodies[i + 1], hash);
  }
  let entries = '[';
  const orders = new Set();
  for (let start = 0, n = 0; start < lines.length; n++) {
    const end = lines.indexOf('\\n', start);
    const t1 = lines.indexOf('\\t', start);
    if (t1 === -1 || t1 > end) {
      if (state.shape === undefined) {
        state.shape = Number(insertShape.run(state.doc, refer(state.rq), refer(state.rs)).lastInsertRowid);
      }
      entries += (n === 0 ? '[' : ',[') + state.shape + ',' + lines.slice(start, end) + ']';
    } else {
      const [rq, rs, order, doc] = shapeFields(lines, t1, end);
      state.rq = refer(rq) || refs.get(n * 2) || null;
      state.rs = refer(rs) || refs.get(n * 2 + 1) || null;
      state.order = order;
      state.doc = doc;
      state.shape = Number(insertShape.run(state.doc, state.rq, state.rs).lastInsertRowid);
      entries += (n === 0 ? '[' : ',[') + state.shape + ',' + lines.slice(start, t1) + ']';
    }
    if (state.order !== 'null') orders.add(state.order);
    start = end + 1;
  }
  const batch = insertBatch.run(entries + ']').lastInsertRowid;
  for (const order of orders) insertOrderBatch.run(orderRef(JSON.parse(order)), batch);
}
// After a batch failed: the shape state as its last line left it (lines sent after it may repeat that
// line), its shape to be stored again. Nothing is written.
function skipLines(lines, bodies) {
  let n = 0;
  let full = -1;
  let at = 0;
  for (let start = 0; start < lines.length; n++) {
    const end = lines.indexOf('\\n', start);
    const t1 = lines.indexOf('\\t', start);
    if (t1 !== -1 && t1 < end) { full = n; at = start; }
    start = end + 1;
  }
  if (full === -1) return; // only repeats: the shape before the batch stands
  const [rq, rs, order, doc] = shapeFields(lines, lines.indexOf('\\t', at), lines.indexOf('\\n', at));
  const ref = (which) => {
    for (let i = 0; i < bodies.length; i += 4) if (bodies[i] === full && bodies[i + 1] === which) return hashOf(bodies, i);
    return null;
  };
  last.rq = rq || ref(0);
  last.rs = rs || ref(1);
  last.order = order;
  last.doc = doc;
  last.shape = undefined;
}
// Batches in one transaction; the shape state moves on only if it commits.
const writeTxn = db.transaction((msgs, state) => {
  for (const m of msgs) writeLines(m.text, m.bodies, state);
});
function commit(msgs) {
  const state = { ...last };
  try { writeTxn(msgs, state); } catch (err) { orderRefs.clear(); return String(err && err.stack || err); }
  Object.assign(last, state);
  return undefined;
}
// Batches that queued up while the thread was busy commit together (one commit rewrites each page it
// touched once, however many batches touched it). Should that fail, each is written on its own, so
// only the batch at fault is refused, as when it came alone.
function writeAll(msgs) {
  for (const m of msgs) m.text = Buffer.from(m.data, 0, m.length).toString('utf8');
  if (msgs.length > 1 && commit(msgs) === undefined) {
    for (const m of msgs) parentPort.postMessage({ type: 'done', id: m.id });
    return;
  }
  for (const m of msgs) {
    const error = commit([m]);
    if (error !== undefined) {
      skipLines(m.text, m.bodies);
      if (refused.size > 1000) refused.clear();
      for (let i = 0; i < m.bodies.length; i += 4) refused.set(hashOf(m.bodies, i), m.bodies[i + 3]);
    }
    parentPort.postMessage({ type: 'done', id: m.id, error });
  }
}
// Empties the log: every exchange, shape and stored body (the file keeps its size for reuse).
const countEntries = db.prepare('SELECT coalesce(sum(json_array_length(entries)), 0) FROM exchange_batches').pluck();
const clear = db.transaction(() => {
  const n = countEntries.get();
  db.exec('DELETE FROM exchange_order_batches; DELETE FROM exchange_orders; DELETE FROM exchange_batches; DELETE FROM exchange_shapes; DELETE FROM exchange_bodies;');
  return n;
});
function handle(msg) {
  if (msg.type === 'close') { db.close(); parentPort.postMessage({ type: 'closed' }); return; }
  if (msg.type === 'clear') {
    last.shape = undefined;
    last.doc = null;
    refused.clear();
    orderRefs.clear();
    try { parentPort.postMessage({ type: 'done', id: msg.id, cleared: clear() }); }
    catch (err) { parentPort.postMessage({ type: 'done', id: msg.id, error: String(err && err.stack || err) }); }
    return;
  }
  // The writes queued behind this one, up to the next message of another kind (handled after them).
  const msgs = [msg];
  let other;
  for (let next; (next = receiveMessageOnPort(parentPort)) !== undefined; ) {
    if (next.message.type !== 'write') { other = next.message; break; }
    msgs.push(next.message);
  }
  writeAll(msgs);
  if (other !== undefined) handle(other);
}
parentPort.on('message', handle);
`;

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
   * Empties the log of everything appended so far (committed or not); resolves with how many exchanges
   * it held. What is appended afterwards is kept.
   */
  clear(): Promise<number>;
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
  const module = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      module,
      file: logFileFor(file),
      nativeBinding: opts.nativeBinding,
    },
  });
  worker.unref();
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
  worker.on('message', (msg: { type: string; id: number; error?: string; cleared?: number }) => {
    if (msg.type === 'closed') return closed?.();
    const w = waiting.get(msg.id);
    waiting.delete(msg.id);
    if (msg.error) {
      sent.clear();
      shapes.reset();
      w?.reject(new Error(msg.error));
    } else w?.resolve(msg.cleared ?? 0);
  });
  worker.on('error', failAll);
  /** The batch being built: its encoded lines, how many, and the texts of shared bodies sent with it. */
  let buf = Buffer.allocUnsafeSlow(BATCH_BYTES);
  let used = 0;
  let count = 0;
  let bodies: (string | number | null)[] = [];
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
      count++;
    },
    commit() {
      if (count === 0) return Promise.resolve();
      const id = nextId++;
      const message = { type: 'write', id, data: buf.buffer, length: used, bodies };
      buf = Buffer.allocUnsafeSlow(buf.length);
      used = 0;
      count = 0;
      bodies = [];
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve: () => resolve(), reject });
        worker.postMessage(message, [message.data]);
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
        worker.postMessage({ type: 'clear', id });
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
