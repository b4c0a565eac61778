// Figure 3: the push timeline at scale. 10,000 completed orders whose pushes nobody acknowledges, then
// the clock advanced 48 hours in one call: every order gets its 16 attempts (160,000 POSTs) against a
// loopback stub merchant in its own process. Measured: wall time and attempts per second of the advance,
// and the simulator process's peak resident memory (VmHWM from /proc, Linux). Baseline, in the same run:
// a bare node:http client making the same number of empty POSTs to the same stub, 256 at a time (the
// simulator's own limit), recording nothing. Target: at least 0.7× the bare client's rate, under 300 MB.
import { Agent, request } from 'node:http';
import { jsonClient } from './http-client.mjs';
import { AUTH, startBareServer, startSimulator, stop } from './lib.mjs';
import { completeOrders, memoryMb, sampleOrder } from './orders.mjs';

const ORDERS = Number(process.env.PUSH_BENCH_ORDERS ?? 10_000);
const QUIET_MS = process.env.PUSH_BENCH_QUIET_MS ? Number(process.env.PUSH_BENCH_QUIET_MS) : null;
const SETUP_CONCURRENCY = 32;
const ADVANCE_SECONDS = 2 * 60 + 48 * 3600; // completion → first push, then the 48-hour window
const PUSH_CONCURRENCY = 256;
const { call, close } = jsonClient({ authorization: AUTH, maxSockets: SETUP_CONCURRENCY });

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

export async function pushTimeline() {
  const sim = await startSimulator();
  const merchant = await startBareServer('', {});
  try {
    const template = sampleOrder({ push: `${merchant.url}/push?order_id={checkout.order.id}` });
    await call('PUT', `${sim.api}/test_helpers/clock`, { mode: 'manual' });
    // PUSH_BENCH_QUIET_MS sets advance_quiet_ms (the advance's wait after each instant that pushed; 250 by default).
    if (QUIET_MS !== null)
      await call('PUT', `${sim.api}/test_helpers/settings`, { advance_quiet_ms: QUIET_MS });
    const setupStart = performance.now();
    await completeOrders(call, sim.api, template, ORDERS, SETUP_CONCURRENCY);
    const setupS = (performance.now() - setupStart) / 1000;
    const started = performance.now();
    const r = await call('POST', `${sim.api}/test_helpers/clock/advance`, { seconds: ADVANCE_SECONDS });
    const wallS = (performance.now() - started) / 1000;
    const peak = memoryMb(sim.proc.pid, 'VmHWM');
    const attempts = r.body.fired_total;
    const sample = await call('GET', `${sim.api}/test_helpers/push?limit=1000`);
    const expected = ORDERS * 16;
    const bareS = await bareClient(merchant.url, expected);
    const exhausted = sample.body.orders.every((o) => o.attempts_made === 16 && o.next_attempt_at === null);
    const ratio = attempts / wallS / (expected / bareS);
    return {
      name: `push timeline: ${ORDERS.toLocaleString('en')} unacknowledged orders, clock advanced 48 hours`,
      baseline: `bare node:http client, same ${expected.toLocaleString('en')} POSTs to the same stub: ${bareS.toFixed(2)} s = ${(expected / bareS).toFixed(0)} req/s`,
      measured: `${attempts.toLocaleString('en')} push attempts in ${wallS.toFixed(2)} s = ${(attempts / wallS).toFixed(0)} attempts/s; simulator peak RSS ${peak === null ? 'n/a' : `${peak.toFixed(0)} MB`}`,
      ratio,
      target: '≥ 0.70× the bare client and < 300 MB peak',
      pass: attempts === expected && exhausted && ratio >= 0.7 && (peak === null || peak < 300),
      note: `${attempts === expected ? 'every' : `ONLY ${attempts} of ${expected}`} attempt made; ${exhausted ? 'every sampled order has its 16 attempts and none left' : 'SOME SAMPLED ORDERS ARE INCOMPLETE'}; each attempt is a recorded exchange; setup (create, address, complete over HTTP, not timed in the figure) ${setupS.toFixed(1)} s`,
    };
  } finally {
    close();
    await stop(sim.proc);
    await stop(merchant.proc);
  }
}
