/*
 * The exchange log's writer thread: the one connection to the log's own database file (log-db.ts),
 * whose only job is to append exchanges, off the thread that answers HTTP. Started by
 * `startExchangeWriter` (exchange-writer.ts, which describes the batches' format); built by
 * electron-vite as an entry of its own (out/main/exchange-writer-worker.js), and by vitest's global
 * setup when the tests run from sources.
 */
import { createHash } from 'node:crypto';
import { readlinkSync, rmSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, receiveMessageOnPort, workerData, type MessagePort } from 'node:worker_threads';
import type Database from 'better-sqlite3';
import type {
  FromWriter,
  SharedBodies,
  ToWriter,
  WriteMessage,
  WriterInit,
} from './exchange-writer-protocol';
import { CapKeeper, LogPruner } from './exchange-log-prune';
import { limitWal, openLogConnection } from './exchange-writer-connection';

if (!parentPort) throw new Error('exchange-writer-worker.ts runs as a worker thread (startExchangeWriter)');
const port: MessagePort = parentPort;
const post = (msg: FromWriter): void => port.postMessage(msg);
const init = workerData as WriterInit;

/** The log's connection and what is prepared on it; reopened on a new file when the log is emptied. */
function openLog(cap: number) {
  const db = openLogConnection(init, cap);
  return { db, ...statements(db), pruner: new LogPruner(db) };
}

// The log is background work: on Linux this thread takes a lower scheduling priority (nice +10), so
// under load it yields the CPU to the threads that answer requests instead of preempting them.
try {
  const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
  if (tid > 0) setPriority(tid, 10);
} catch {
  // Not Linux: the thread keeps the process's priority.
}

function statements(db: Database.Database) {
  return {
    insertBatch: db.prepare<[string]>('INSERT INTO exchange_batches (entries) VALUES (?)'),
    findOrder: db.prepare<[string], number>('SELECT id FROM exchange_orders WHERE order_id = ?').pluck(),
    insertOrder: db.prepare<[string]>('INSERT INTO exchange_orders (order_id) VALUES (?)'),
    insertOrderBatch: db.prepare<[number, number | bigint]>(
      'INSERT OR IGNORE INTO exchange_order_batches (order_ref, batch) VALUES (?, ?)',
    ),
    insertShape: db.prepare<[string | null, string | null, string | null]>(
      'INSERT INTO exchange_shapes (doc, request_body_ref, response_body_ref) VALUES (?, ?, ?)',
    ),
    insertBody: db.prepare<[string, string]>(
      'INSERT OR IGNORE INTO exchange_bodies (hash, text) VALUES (?, ?)',
    ),
    countEntries: db
      .prepare<[], number>('SELECT coalesce(sum(json_array_length(entries)), 0) FROM exchange_batches')
      .pluck(),
    // Batches that queued up while the thread was busy commit in one transaction; the shape state moves
    // on only if it commits.
    writeTxn: db.transaction((batches: Batch[], state: ShapeState) => {
      for (const b of batches) writeLines(b.lines, b.msg.bodies, state);
    }),
  };
}

let cap = init.maxBytes;
/** The open log; null when reopening it after Clear log failed (every write then fails until a clear). */
let log: ReturnType<typeof openLog> | null = openLog(cap);
const open = (): NonNullable<typeof log> => (log ??= openLog(cap));

// Each order's number in the index (log-db.ts), by order id; forgotten when a batch fails, since the
// numbers it gave out were rolled back with it.
const orderRefs = new Map<string, number>();
function orderRef(orderId: string): number {
  let ref = orderRefs.get(orderId);
  if (ref === undefined) {
    ref = log!.findOrder.get(orderId);
    if (ref === undefined) ref = Number(log!.insertOrder.run(orderId).lastInsertRowid);
    if (orderRefs.size >= 100000) orderRefs.clear();
    orderRefs.set(orderId, ref);
  }
  return ref;
}

/**
 * The shape state: the last line's shape id (undefined when it must be stored again: a failed batch
 * may have rolled its copy back), its document, body references and order (as JSON), as the next line
 * that repeats it needs them.
 */
interface ShapeState {
  shape: number | undefined;
  doc: string | null;
  rq: string | null;
  rs: string | null;
  order: string;
}
const last: ShapeState = { shape: undefined, doc: null, rq: null, rs: null, order: 'null' };

// A batch's shared bodies (SharedBodies): four items per body, from index i.
const bodyLine = (bodies: SharedBodies, i: number) => bodies[i] as number;
const bodyWhich = (bodies: SharedBodies, i: number) => bodies[i + 1] as 0 | 1;
const bodyText = (bodies: SharedBodies, i: number) => bodies[i + 3] as string;
/** A shared body's content hash: as sent, or computed here when the sender did not know it. */
const hashOf = (bodies: SharedBodies, i: number): string =>
  (bodies[i + 2] as string | null) || createHash('sha1').update(bodyText(bodies, i)).digest('base64url');

// Bodies that went with a refused batch, by hash. Batches sent before the refusal was known refer to
// them by hash alone (the HTTP thread sends a body's text once), so they are stored with the first
// line that refers to them.
const refused = new Map<string, string>();
function refer<T extends string | null>(hash: T): T {
  if (refused.size > 0 && hash && refused.has(hash)) log!.insertBody.run(hash, refused.get(hash)!);
  return hash;
}

/**
 * A line with a shape of its own (`t1`: its first tab): its request and response body references
 * (empty when not sent on the line), its order id as JSON and its shape document.
 */
function shapeFields(lines: string, t1: number, end: number): [string, string, string, string] {
  const t2 = lines.indexOf('\t', t1 + 1);
  const t3 = lines.indexOf('\t', t2 + 1);
  const t4 = lines.indexOf('\t', t3 + 1);
  return [
    lines.slice(t1 + 1, t2),
    lines.slice(t2 + 1, t3),
    lines.slice(t3 + 1, t4),
    lines.slice(t4 + 1, end),
  ];
}

/** One batch, inside the caller's transaction; `state` (a copy of `last`) follows its lines. */
function writeLines(lines: string, bodies: SharedBodies, state: ShapeState): void {
  const refs = new Map<number, string>();
  for (let i = 0; i < bodies.length; i += 4) {
    const hash = hashOf(bodies, i);
    log!.insertBody.run(hash, bodyText(bodies, i));
    refs.set(bodyLine(bodies, i) * 2 + bodyWhich(bodies, i), hash);
  }
  let entries = '[';
  const orders = new Set<string>();
  for (let start = 0, n = 0; start < lines.length; n++) {
    const end = lines.indexOf('\n', start);
    const t1 = lines.indexOf('\t', start);
    if (t1 === -1 || t1 > end) {
      if (state.shape === undefined) {
        state.shape = Number(
          log!.insertShape.run(state.doc, refer(state.rq), refer(state.rs)).lastInsertRowid,
        );
      }
      entries += (n === 0 ? '[' : ',[') + state.shape + ',' + lines.slice(start, end) + ']';
    } else {
      const [rq, rs, order, doc] = shapeFields(lines, t1, end);
      state.rq = refer(rq) || refs.get(n * 2) || null;
      state.rs = refer(rs) || refs.get(n * 2 + 1) || null;
      state.order = order;
      state.doc = doc;
      state.shape = Number(log!.insertShape.run(state.doc, state.rq, state.rs).lastInsertRowid);
      entries += (n === 0 ? '[' : ',[') + state.shape + ',' + lines.slice(start, t1) + ']';
    }
    if (state.order !== 'null') orders.add(state.order);
    start = end + 1;
  }
  const batch = log!.insertBatch.run(entries + ']').lastInsertRowid;
  for (const order of orders) log!.insertOrderBatch.run(orderRef(JSON.parse(order) as string), batch);
}

/**
 * After a batch failed: the shape state as its last line left it (lines sent after it may repeat that
 * line), its shape to be stored again. Nothing is written.
 */
function skipLines(lines: string, bodies: SharedBodies): void {
  let n = 0;
  let full = -1;
  let at = 0;
  for (let start = 0; start < lines.length; n++) {
    const end = lines.indexOf('\n', start);
    const t1 = lines.indexOf('\t', start);
    if (t1 !== -1 && t1 < end) {
      full = n;
      at = start;
    }
    start = end + 1;
  }
  if (full === -1) return; // only repeats: the shape before the batch stands
  const [rq, rs, order, doc] = shapeFields(lines, lines.indexOf('\t', at), lines.indexOf('\n', at));
  const ref = (which: 0 | 1): string | null => {
    for (let i = 0; i < bodies.length; i += 4) {
      if (bodyLine(bodies, i) === full && bodyWhich(bodies, i) === which) return hashOf(bodies, i);
    }
    return null;
  };
  last.rq = rq || ref(0);
  last.rs = rs || ref(1);
  last.order = order;
  last.doc = doc;
  last.shape = undefined;
}

/** A write message with its lines decoded. */
interface Batch {
  msg: WriteMessage;
  lines: string;
}

/** Writes `batches` in one transaction: null once committed, or why it was rolled back. */
function commit(batches: Batch[]): { err: unknown } | null {
  const state = { ...last };
  try {
    open().writeTxn(batches, state);
  } catch (err) {
    orderRefs.clear();
    return { err };
  }
  Object.assign(last, state);
  return null;
}

const errorText = (err: unknown): string => String((err as Error | undefined)?.stack || err);
/** A failure's message: its text, and its code (SQLITE_FULL: the disk is full) when it has one. */
function failed(id: number, err: unknown): FromWriter {
  const code = (err as { code?: unknown } | null)?.code;
  return { type: 'failed', id, error: errorText(err), ...(typeof code === 'string' ? { code } : {}) };
}

/**
 * Batches that queued up while the thread was busy commit together (one commit rewrites each page it
 * touched once, however many batches touched it). Should that fail, each is written on its own, so
 * only the batch at fault is refused, as when it came alone.
 */
function writeAll(msgs: WriteMessage[]): void {
  const batches = msgs.map((msg) => ({ msg, lines: Buffer.from(msg.data, 0, msg.length).toString('utf8') }));
  if (batches.length > 1 && commit(batches) === null) {
    for (const b of batches) post({ type: 'written', id: b.msg.id });
    return;
  }
  for (const b of batches) {
    const error = commit([b]);
    if (error === null) {
      post({ type: 'written', id: b.msg.id });
      continue;
    }
    const bodies = b.msg.bodies;
    skipLines(b.lines, bodies);
    if (refused.size > 1000) refused.clear();
    for (let i = 0; i < bodies.length; i += 4) refused.set(hashOf(bodies, i), bodyText(bodies, i));
    post(failed(b.msg.id, error.err));
  }
}

/**
 * Empties the log by starting a new file: deleting rows would need free space for the write-ahead log
 * (none on a full disk) and would leave the file its size; removing the files needs no space and gives
 * it all back. The main connection has detached the log meanwhile (ExchangeLog.clear). Answers how
 * many exchanges it held.
 */
function clear(): number {
  const n = log ? log.countEntries.get()! : 0;
  log?.db.close();
  log = null;
  for (const suffix of ['-wal', '-shm', '']) rmSync(init.file + suffix, { force: true });
  open();
  return n;
}

const keeper = new CapKeeper(post);

/** Writes `msgs`, the bodies no longer used collected before the first sent after the sender forgot. */
function writeInOrder(msgs: WriteMessage[]): void {
  const from = keeper.collectBefore(msgs);
  if (from === -1) return writeAll(msgs);
  if (from > 0) writeAll(msgs.slice(0, from));
  keeper.collect(log?.pruner ?? null);
  writeAll(msgs.slice(from));
}

function handle(msg: ToWriter): void {
  if (msg.type === 'close') {
    log?.db.close();
    post({ type: 'closed' });
    return;
  }
  if (msg.type === 'cap') {
    cap = msg.maxBytes;
    if (log) limitWal(log.db, cap);
    return keeper.keepUnder(log?.pruner ?? null, cap);
  }
  if (msg.type === 'clear') {
    last.shape = undefined;
    last.doc = null;
    refused.clear();
    orderRefs.clear();
    keeper.reset();
    try {
      post({ type: 'cleared', id: msg.id, count: clear() });
    } catch (err) {
      post(failed(msg.id, err));
    }
    return;
  }
  // The writes queued behind this one, up to the next message of another kind (handled after them).
  const msgs = [msg];
  let other: ToWriter | undefined;
  for (let next; (next = receiveMessageOnPort(port)) !== undefined;) {
    const queued = next.message as ToWriter;
    if (queued.type !== 'write') {
      other = queued;
      break;
    }
    msgs.push(queued);
  }
  writeInOrder(msgs);
  keeper.keepUnder(log?.pruner ?? null, cap);
  if (other !== undefined) handle(other);
}

port.on('message', handle);
