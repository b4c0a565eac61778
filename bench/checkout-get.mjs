// Figure 1: requests per second of GET /checkout/v3/orders/{id} against a bare node:http server
// answering the same JSON, in the same run. Every simulator exchange is recorded in SQLite.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { AUTH, alternate, load, startBareServer, startSimulator, stop, ROOT } from './lib.mjs';

export async function checkoutGet({ rounds = 2, duration = 4 } = {}) {
  const sim = await startSimulator();
  const { readFile } = await import('node:fs/promises');
  const order = await readFile(join(ROOT, 'shared/samples/order.json'), 'utf8');
  const created = await fetch(`${sim.api}/checkout/v3/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: AUTH },
    body: order,
  });
  const { order_id } = await created.json();
  const path = `/checkout/v3/orders/${order_id}`;
  const body = await (await fetch(`${sim.api}${path}`, { headers: { authorization: AUTH } })).text();
  const bare = await startBareServer(body, { 'content-type': 'application/json' });
  const headers = { authorization: AUTH };
  try {
    const r = await alternate(
      rounds,
      () => load({ url: `${bare.url}${path}`, headers, duration }),
      () => load({ url: `${sim.api}${path}`, headers, duration }),
    );
    await stop(sim.proc);
    const db = new Database(join(sim.dataDir, 'exchanges.db'), { readonly: true });
    const recorded = db
      .prepare("SELECT count(*) FROM exchanges_flat WHERE order_id = ? AND kind = 'checkout.read'")
      .pluck()
      .get(order_id);
    db.close();
    return {
      name: 'GET /checkout/v3/orders/{id}',
      baseline: `bare node:http: ${r.a.toFixed(0)} req/s`,
      measured: `simulator: ${r.b.toFixed(0)} req/s`,
      ratio: r.b / r.a,
      target: '≥ 0.80× (every exchange recorded)',
      pass: r.b / r.a >= 0.8,
      // autocannon counts the answers it timed; requests still in flight when a round ends were answered too.
      note: `${recorded} GET exchanges recorded in SQLite (autocannon timed ${r.totalB} answers)`,
    };
  } finally {
    await stop(sim.proc);
    await stop(bare.proc);
  }
}
