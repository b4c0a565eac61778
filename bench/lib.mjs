// Shared pieces of the benchmarks: the simulator and the merchant stub as child processes (from
// tools/sim-processes.mjs, which the fuzzer uses too), a bare server, and load.
import { join } from 'node:path';
import autocannon from 'autocannon';
import { spawnReady } from '../tools/sim-processes.mjs';

export { ROOT, startMerchantStub, startSimulator, stop } from '../tools/sim-processes.mjs';

export const AUTH = `Basic ${Buffer.from('merchant:secret').toString('base64')}`;

/** A bare node:http server in its own process that answers every request with the given body and headers. */
export async function startBareServer(body, headers) {
  const { proc, ready } = await spawnReady([join(import.meta.dirname, 'bare-server.mjs')], {
    BARE_BODY: body,
    BARE_HEADERS: JSON.stringify(headers),
  });
  return { proc, url: ready.url };
}

/** Requests per second of one autocannon run. */
export async function load(opts) {
  const result = await autocannon({ connections: 10, pipelining: 1, duration: 4, ...opts });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${opts.url}: ${result.non2xx} non-2xx answers and ${result.errors} errors under load`);
  }
  return { rps: result.requests.average, p99: result.latency.p99, total: result.requests.total };
}

/** Runs `a` and `b` alternately `rounds` times and returns the mean of each, to spread the machine's noise. */
export async function alternate(rounds, a, b) {
  const as = [];
  const bs = [];
  for (let i = 0; i < rounds; i++) {
    as.push(await a());
    bs.push(await b());
  }
  const mean = (xs) => xs.reduce((s, x) => s + x.rps, 0) / xs.length;
  return { a: mean(as), b: mean(bs), totalB: bs.reduce((s, x) => s + x.total, 0) };
}
