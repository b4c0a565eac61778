// Figure: shedding load. 5,000 keep-alive connections (LOAD_SHED_CONNECTIONS) to the provider API for
// 20 s (LOAD_SHED_SECONDS), each reading one checkout order after another from a worker thread; a
// refused connection waits its Retry-After and connects again. Meanwhile the main thread reads the
// console (`clock.get` over its control API) and `GET /test_helpers/clock`, one after another. Then the
// p99 of the requests that were served and of those reads, on a simulator with the default connection
// budget, against the same load on one whose budget is too large to shed anything (the baseline: the
// code before the budget). Connections only to 127.0.0.1, as many as LOAD_SHED_CONNECTIONS, for as long
// as LOAD_SHED_SECONDS (each takes a file descriptor: `ulimit -n` must allow them twice over).
import { writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { jsonClient } from './http-client.mjs';
import { AUTH, startSimulator, stop } from './lib.mjs';
import { sampleOrder } from './orders.mjs';

const CONNECTIONS = Number(process.env.LOAD_SHED_CONNECTIONS ?? 5000);
const SECONDS = Number(process.env.LOAD_SHED_SECONDS ?? 20);
const TARGET_MS = 500;

const p99 = (xs) => {
  if (xs.length === 0) return NaN;
  const sorted = Float64Array.from(xs).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))];
};

/** Reads `read()` one after another until `until`, timing each; counts the failures. */
async function probe(read, until) {
  const times = [];
  let failed = 0;
  while (Date.now() < until) {
    const t = performance.now();
    try {
      if (!(await read())) failed++;
      else times.push(performance.now() - t);
    } catch {
      failed++;
    }
  }
  return { times, failed };
}

/**
 * The kernel's accept queue of the listening socket on `port`, sampled every 250 ms: /proc/net/tcp's
 * rx_queue of a LISTEN socket (state 0A) is the number of connections whose handshake is done and that the
 * process has not accepted yet. Read as a file: running `ss` from this process instead (a fork of a process
 * holding the load's 5,000 sockets, four times a second) stalled the load itself.
 */
function acceptQueue(port) {
  const local = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  const samples = [];
  const timer = setInterval(async () => {
    const table = await readFile('/proc/net/tcp', 'latin1').catch(() => '');
    for (const line of table.split('\n')) {
      const f = line.trim().split(/\s+/);
      if (f[1]?.endsWith(local) && f[3] === '0A') samples.push(parseInt(f[4].split(':')[1], 16));
    }
  }, 250);
  return {
    stop: () => {
      clearInterval(timer);
      return samples.length
        ? { max: Math.max(...samples), mean: samples.reduce((a, b) => a + b, 0) / samples.length }
        : null;
    },
  };
}

/** One simulator (`config` in its config file) under the load; what was served and read, how fast. */
async function underLoad(config) {
  const file = join(tmpdir(), `load-shed-${process.pid}-${Date.now()}.json`);
  writeFileSync(file, JSON.stringify(config));
  const sim = await startSimulator({ args: ['--config', file] });
  const { call, close } = jsonClient({ authorization: AUTH, maxSockets: 2 });
  try {
    const created = await call('POST', `${sim.api}/checkout/v3/orders`, sampleOrder());
    const worker = new Worker(new URL('./load-shed-client.mjs', import.meta.url), {
      workerData: {
        port: Number(new URL(sim.api).port),
        path: `/checkout/v3/orders/${created.body.order_id}`,
        authorization: AUTH,
        connections: CONNECTIONS,
        seconds: SECONDS,
      },
    });
    const result = new Promise((r) => worker.once('message', r));
    const queue = acceptQueue(Number(new URL(sim.api).port));
    const until = Date.now() + SECONDS * 1000;
    const [consoleReads, clockReads] = await Promise.all([
      probe(async () => {
        const r = await fetch(`${sim.console}/control/invoke/clock.get`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        });
        await r.arrayBuffer();
        return r.ok;
      }, until),
      probe(async () => (await call('GET', `${sim.api}/test_helpers/clock`)).status === 200, until),
    ]);
    const load = await result;
    load.acceptQueue = queue.stop();
    await worker.terminate();
    return { load, consoleReads, clockReads };
  } finally {
    close();
    await stop(sim.proc);
  }
}

const describe = ({ load, consoleReads, clockReads }) =>
  `${load.counts.served} served (p99 ${p99(load.served).toFixed(0)} ms), ${load.counts.refused} refused 503, ` +
  `${load.counts.other} other, ${load.counts.errors} socket errors, ${load.counts.connects} connects; ` +
  `console reads ${consoleReads.times.length} (p99 ${p99(consoleReads.times).toFixed(0)} ms, ${consoleReads.failed} failed), ` +
  `/test_helpers/clock ${clockReads.times.length} (p99 ${p99(clockReads.times).toFixed(0)} ms, ${clockReads.failed} failed); ` +
  `where the time goes: a connection's first answer p99 ${p99(load.firstServed).toFixed(0)} ms (${load.firstServed.length}), ` +
  `the later ones p99 ${p99(load.laterServed).toFixed(0)} ms, ` +
  `${load.windDown.length} answered after the load stopped (p99 ${p99(load.windDown).toFixed(0)} ms, not in the served p99), connect p99 ${p99(load.connectMs).toFixed(0)} ms, ` +
  `the client's event-loop lag p99 ${load.clientLagP99Ms.toFixed(0)} ms, the kernel's accept queue ` +
  (load.acceptQueue
    ? `max ${load.acceptQueue.max} (mean ${load.acceptQueue.mean.toFixed(0)})`
    : 'not sampled');

export async function loadShed() {
  // LOAD_SHED_MAX: the budget to measure instead of the default (config max_connections).
  const shed = await underLoad(
    process.env.LOAD_SHED_MAX ? { max_connections: Number(process.env.LOAD_SHED_MAX) } : {},
  );
  const unshed = await underLoad({ max_connections: 100_000 });
  const figures = [p99(shed.load.served), p99(shed.consoleReads.times), p99(shed.clockReads.times)];
  const failed = shed.consoleReads.failed + shed.clockReads.failed;
  return {
    name: `load shedding: ${CONNECTIONS} connections for ${SECONDS} s to the provider API`,
    baseline: `no budget (max_connections 100000): ${describe(unshed)}`,
    measured: `${process.env.LOAD_SHED_MAX ? `budget ${process.env.LOAD_SHED_MAX}` : 'default budget'}: ${describe(shed)}`,
    ratio: p99(unshed.load.served) / figures[0],
    target: `p99 of served requests, console reads and /test_helpers/clock each < ${TARGET_MS} ms; no read failed`,
    pass: figures.every((f) => f < TARGET_MS) && failed === 0,
    note: 'ratio: the baseline p99 of served requests over the shedding one',
  };
}
