// Figure 3: the push timeline at scale. 10,000 completed orders whose pushes nobody acknowledges, then
// the clock advanced 48 hours in one call: every order gets its 16 attempts (160,000 POSTs) against a
// loopback stub merchant in its own process. Measured: wall time and attempts per second of the advance,
// and the simulator process's peak resident memory (VmHWM from /proc, Linux). Baseline, in the same run:
// a bare node:http client making the same number of empty POSTs to the same stub, 256 at a time (the
// simulator's own limit), recording nothing.
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { AUTH, startBareServer, startSimulator, stop, ROOT } from './lib.mjs';

const ORDERS = Number(process.env.PUSH_BENCH_ORDERS ?? 10_000);
const SETUP_CONCURRENCY = 32;
const ADVANCE_SECONDS = 2 * 60 + 48 * 3600; // completion → first push, then the 48-hour window
const PUSH_CONCURRENCY = 256;
const agent = new Agent({ keepAlive: true, maxSockets: SETUP_CONCURRENCY });

/** The baseline: `n` empty POSTs to `url`, PUSH_CONCURRENCY in flight; resolves with the seconds taken. */
async function bareClient(url, n) {
  const bare = new Agent({ keepAlive: true });
  const headers = { 'content-type': 'application/json', 'content-length': '0' };
  const post = (i) =>
    new Promise((resolve, reject) => {
      const req = request(`${url}/push?order_id=${i}`, { method: 'POST', agent: bare, headers }, (res) => {
        res.resume();
        res.on('end', resolve);
      });
      req.on('error', reject);
      req.end();
    });
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: PUSH_CONCURRENCY }, async () => {
      while (next < n) await post(next++);
    }),
  );
  bare.destroy();
  return (performance.now() - started) / 1000;
}

/** One JSON call over a keep-alive agent; resolves with {status, body}. */
function call(method, url, body) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method,
        agent,
        headers: {
          authorization: AUTH,
          ...(payload !== undefined
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode, body: text ? JSON.parse(text) : null });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Peak resident set size of a process so far, in MB (Linux /proc); null elsewhere. */
function peakRssMb(pid) {
  try {
    const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

/** Creates, addresses and completes `n` orders over the automation API, `SETUP_CONCURRENCY` at a time. */
async function completeOrders(api, template, n) {
  const address = JSON.parse(readFileSync(join(ROOT, 'shared/samples/address.json'), 'utf8'));
  let next = 0;
  const worker = async () => {
    while (next < n) {
      next++;
      const created = await call('POST', `${api}/checkout/v3/orders`, template);
      const id = created.body.order_id;
      await call('POST', `${api}/test_helpers/checkout/orders/${id}/address`, { billing_address: address });
      const done = await call('POST', `${api}/test_helpers/checkout/orders/${id}/complete`);
      if (done.body?.outcome !== 'completed')
        throw new Error(`completion failed: ${JSON.stringify(done.body)}`);
    }
  };
  await Promise.all(Array.from({ length: SETUP_CONCURRENCY }, worker));
}

export async function pushTimeline() {
  const sim = await startSimulator();
  const merchant = await startBareServer('', {});
  try {
    const template = JSON.parse(readFileSync(join(ROOT, 'shared/samples/order.json'), 'utf8'));
    template.merchant_urls.push = `${merchant.url}/push?order_id={checkout.order.id}`;
    await call('PUT', `${sim.api}/test_helpers/clock`, { mode: 'manual' });
    const setupStart = performance.now();
    await completeOrders(sim.api, template, ORDERS);
    const setupS = (performance.now() - setupStart) / 1000;
    const started = performance.now();
    const r = await call('POST', `${sim.api}/test_helpers/clock/advance`, { seconds: ADVANCE_SECONDS });
    const wallS = (performance.now() - started) / 1000;
    const peak = peakRssMb(sim.proc.pid);
    const attempts = r.body.fired_total;
    const sample = await call('GET', `${sim.api}/test_helpers/push?limit=1000`);
    const expected = ORDERS * 16;
    const bareS = await bareClient(merchant.url, expected);
    const exhausted = sample.body.orders.every((o) => o.attempts_made === 16 && o.next_attempt_at === null);
    return {
      name: `push timeline: ${ORDERS.toLocaleString('en')} unacknowledged orders, clock advanced 48 hours`,
      baseline: `bare node:http client, same ${expected.toLocaleString('en')} POSTs to the same stub: ${bareS.toFixed(2)} s = ${(expected / bareS).toFixed(0)} req/s`,
      measured: `${attempts.toLocaleString('en')} push attempts in ${wallS.toFixed(2)} s = ${(attempts / wallS).toFixed(0)} attempts/s; simulator peak RSS ${peak === null ? 'n/a' : `${peak.toFixed(0)} MB`}`,
      ratio: attempts / wallS / (expected / bareS),
      target: '< 10 s wall and < 300 MB peak',
      pass: attempts === expected && exhausted && wallS < 10 && (peak === null || peak < 300),
      note: `${attempts === expected ? 'every' : `ONLY ${attempts} of ${expected}`} attempt made; ${exhausted ? 'every sampled order has its 16 attempts and none left' : 'SOME SAMPLED ORDERS ARE INCOMPLETE'}; each attempt is a recorded exchange; setup (create, address, complete over HTTP, not timed in the figure) ${setupS.toFixed(1)} s`,
    };
  } finally {
    agent.destroy();
    await stop(sim.proc);
    await stop(merchant.proc);
  }
}
