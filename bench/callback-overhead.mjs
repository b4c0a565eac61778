// Figure 2: simulator overhead per in-session callback, over 1,000 address steps. The target figure is
// the simulator's own: the time the step takes inside the simulator (its recorded inbound exchange,
// request read → answer ready) minus the time it waited for the merchant stub (its recorded outbound
// address_update exchange, the whole round trip). Shown beside it, end to end: the step as the caller
// sees it minus the stub handler's own time, which also counts two loopback HTTP hops and this
// process's HTTP client and server, none of them the simulator's.
import Database from 'better-sqlite3';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AUTH, startSimulator, stop, ROOT } from './lib.mjs';
import { call, percentile } from './http-client.mjs';

const STEPS = 1000;
const STEPS_PER_ORDER = 20;
const ADDRESS = JSON.parse(readFileSync(join(ROOT, 'shared/samples/address.json'), 'utf8'));

/** A merchant stub that answers address_update with {} and reports its own handling time. */
function startStub() {
  let lastUs = 0;
  const server = createServer((req, res) => {
    const t0 = process.hrtime.bigint();
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      JSON.parse(Buffer.concat(chunks).toString('utf8'));
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': 2 });
      res.end('{}');
      lastUs = Number(process.hrtime.bigint() - t0) / 1000;
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${server.address().port}`, lastMs: () => lastUs / 1000 }),
    ),
  );
}

/**
 * Per measured step: its inbound exchange's duration minus its address_update round trip, both as the
 * simulator recorded them. A step's answer lists its outbound exchange; its inbound one is recorded
 * last, so each step's pair is its outbound exchange and the next inbound address step of that order.
 */
function ownOverheads(dataDir, counted) {
  const db = new Database(join(dataDir, 'exchanges.db'), { readonly: true });
  const rows = db
    .prepare(
      `SELECT id, order_id, direction, kind, url, duration_ms FROM exchanges
       WHERE (direction = 'out' AND kind = 'address_update') OR (direction = 'in' AND url LIKE '%/address')
       ORDER BY seq`,
    )
    .all();
  db.close();
  const waiting = new Map();
  const out = [];
  for (const r of rows) {
    if (r.direction === 'out') {
      if (counted.has(r.id)) waiting.set(r.order_id, r.duration_ms);
    } else if (waiting.has(r.order_id)) {
      out.push(r.duration_ms - waiting.get(r.order_id));
      waiting.delete(r.order_id);
    }
  }
  return out.sort((a, b) => a - b);
}

export async function callbackOverhead() {
  const sim = await startSimulator();
  const stub = await startStub();
  const template = JSON.parse(await readFile(join(ROOT, 'shared/samples/order.json'), 'utf8'));
  template.merchant_urls.address_update = `${stub.url}/address_update/{checkout.order.id}`;
  const headers = { authorization: AUTH };
  const overheads = [];
  const counted = new Set();
  try {
    let orderId = '';
    for (let i = 0; i < STEPS + 50; i++) {
      if (i % STEPS_PER_ORDER === 0) {
        orderId = JSON.parse(
          (await call('POST', `${sim.api}/checkout/v3/orders`, { headers, body: template })).body,
        ).order_id;
      }
      const r = await call('POST', `${sim.api}/test_helpers/checkout/orders/${orderId}/address`, {
        headers,
        body: { billing_address: ADDRESS },
      });
      if (r.status !== 200 || JSON.parse(r.body).outcome !== 'applied')
        throw new Error(`step failed: ${r.status} ${r.body}`);
      if (i >= 50) {
        // the first 50 warm the JIT up
        overheads.push(r.ms - stub.lastMs());
        for (const id of JSON.parse(r.body).exchange_ids) counted.add(id);
      }
    }
  } finally {
    stub.server.closeAllConnections();
    stub.server.close();
    await stop(sim.proc);
  }
  const own = ownOverheads(sim.dataDir, counted);
  overheads.sort((a, b) => a - b);
  const median = percentile(own, 50);
  const p99 = percentile(own, 99);
  return {
    name: 'in-session callback overhead (the step inside the simulator minus its wait for the stub)',
    baseline: `merchant stub handler: ${stub.lastMs().toFixed(3)} ms (last call); end to end, the step seen by the caller minus that: median ${percentile(overheads, 50).toFixed(3)} ms, p99 ${percentile(overheads, 99).toFixed(3)} ms`,
    measured: `simulator's own: median ${median.toFixed(3)} ms, p99 ${p99.toFixed(3)} ms over ${own.length} steps`,
    ratio: null,
    target: 'median < 1 ms, p99 < 5 ms',
    pass: own.length === overheads.length && median < 1 && p99 < 5,
    note: 'each step is a real HTTP call to the automation API, which makes a real address_update call to the stub; both are recorded exchanges',
  };
}
