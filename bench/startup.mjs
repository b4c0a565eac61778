// Figure: what the start-up check of the exchange log (PRAGMA quick_check, see
// src-main/store/db-file-error.ts) costs on a big log. A data folder is made by a real start, its
// exchanges.db is then filled to STARTUP_LOG_MB (default 1024) with rows of the log's own layout, made
// by SQLite itself (a recursive series) so the fill takes seconds, not a soak's hours. Measured: the time
// from spawn to the ready line on that folder, against the same start on the folder before the fill,
// and the quick_check alone on the filled file (wall and CPU time of a process doing only that).
// The file was just written, so it is read from the OS cache: a cold start adds the disk's read time.
// The target is on the check's CPU time: on a shared, loaded machine its wall time mostly measures the
// wait for a core (both are reported).
import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { startSimulator, stop } from './lib.mjs';

const TARGET_MB = Number(process.env.STARTUP_LOG_MB ?? 1024);
const ROUNDS = 3;
const BATCH_ROWS = 20_000;
/** Rows `value` from ? to ? (s), and 1 to 40 (e): this SQLite has no generate_series. */
const SERIES = `WITH RECURSIVE s(value) AS (SELECT ? UNION ALL SELECT value + 1 FROM s WHERE value < ?),
  e(value) AS (SELECT 1 UNION ALL SELECT value + 1 FROM e WHERE value < 40)`;

/**
 * Appends rows shaped like the writer's (a shape of ~1 KB, a batch of 40 entries, an order and its index
 * entry, a shared body of 3–6 KB every fifth) until the file reaches the target size.
 */
export function fillLog(file) {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  const fill = db.transaction((from) => {
    db.prepare(
      `${SERIES} INSERT INTO exchange_shapes (doc) SELECT json_object('order_id', 'o' || value, 'url', '/push/' || value,
         'request', json_object('headers', json_object('a', printf('%.300c', 'h')), 'body', printf('%.600c', 'b')))
       FROM s`,
    ).run(from, from + BATCH_ROWS - 1);
    db.prepare(
      `${SERIES} INSERT INTO exchange_batches (entries) SELECT (SELECT json_group_array(json_array(s.value, 'x-' || s.value || '-' || e.value,
         1700000000000 + s.value, 12)) FROM e) FROM s`,
    ).run(from, from + BATCH_ROWS - 1);
    db.prepare(
      `${SERIES} INSERT INTO exchange_orders (order_id) SELECT lower(hex(randomblob(16))) FROM s`,
    ).run(from, from + BATCH_ROWS - 1);
    db.prepare(
      `${SERIES} INSERT OR IGNORE INTO exchange_order_batches (order_ref, batch) SELECT value, value FROM s`,
    ).run(from, from + BATCH_ROWS - 1);
    db.prepare(
      `${SERIES} INSERT INTO exchange_bodies (hash, text) SELECT lower(hex(randomblob(20))), printf('%.*c', 3000 + (value % 7) * 500, 'y')
       FROM s WHERE value % 5 = 0`,
    ).run(from, from + BATCH_ROWS - 1);
  });
  for (let from = 1; statSync(file).size < TARGET_MB * 2 ** 20; from += BATCH_ROWS) {
    fill(from);
    db.pragma('wal_checkpoint(TRUNCATE)');
  }
  db.close();
  return statSync(file).size;
}

/** Spawn to ready line on `dataDir`, in ms (then stopped). */
async function startMs(dataDir) {
  const t = performance.now();
  const sim = await startSimulator({ dataDir });
  const ms = performance.now() - t;
  await stop(sim.proc);
  return ms;
}

/** quick_check as the start-up runs it (mmap on), alone in a process of its own: wall and CPU ms. */
function quickCheckAlone(file) {
  const script = `const D = require('better-sqlite3'); const db = new D(${JSON.stringify(file)});
    db.pragma('mmap_size = ${2 ** 31}'); const c = process.cpuUsage(); const t = performance.now();
    const r = db.pragma('main.quick_check(1)', { simple: true }); const u = process.cpuUsage(c);
    console.log(JSON.stringify({ r, wall: performance.now() - t, cpu: (u.user + u.system) / 1000 }));`;
  return JSON.parse(execFileSync(process.execPath, ['-e', script], { cwd: import.meta.dirname }).toString());
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function startup() {
  const first = await startSimulator();
  const dataDir = first.dataDir;
  await stop(first.proc);
  const small = [];
  for (let i = 0; i < ROUNDS; i++) small.push(await startMs(dataDir));
  const bytes = fillLog(join(dataDir, 'exchanges.db'));
  const big = [];
  for (let i = 0; i < ROUNDS; i++) big.push(await startMs(dataDir));
  const checks = [
    quickCheckAlone(join(dataDir, 'exchanges.db')),
    quickCheckAlone(join(dataDir, 'exchanges.db')),
  ];
  const extra = median(big) - median(small);
  const mb = (bytes / 2 ** 20).toFixed(0);
  const cpuPerGb = (Math.min(...checks.map((c) => c.cpu)) * 1024) / (bytes / 2 ** 20);
  return {
    name: `start-up with a ${mb} MB exchange log (quick_check of both files at start)`,
    baseline: `start to ready, log of a few pages: median ${median(small).toFixed(0)} ms of ${ROUNDS}`,
    measured: `start to ready, ${mb} MB log: median ${median(big).toFixed(0)} ms of ${ROUNDS} (+${extra.toFixed(0)} ms)`,
    ratio: null,
    target: `quick_check under 1000 ms of CPU per GB (measured ${cpuPerGb.toFixed(0)} ms; file in the OS cache)`,
    pass: checks.every((c) => c.r === 'ok') && cpuPerGb < 1000,
    note: `quick_check alone: ${checks.map((c) => `${c.wall.toFixed(0)} ms wall, ${c.cpu.toFixed(0)} ms CPU (${c.r})`).join('; ')}`,
  };
}
