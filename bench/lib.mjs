// Shared pieces of the benchmarks: start the simulator and a bare server as child processes, load them.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';

export const ROOT = resolve(import.meta.dirname, '..');
export const AUTH = `Basic ${Buffer.from('merchant:secret').toString('base64')}`;

/** Spawns a process and resolves with its first stdout line parsed as JSON. */
function spawnReady(args, env = {}) {
  const proc = spawn(process.execPath, args, {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  return new Promise((res, rej) => {
    proc.once('exit', (code) => rej(new Error(`${args.join(' ')} exited with ${code}`)));
    createInterface({ input: proc.stdout }).once('line', (line) => res({ proc, ready: JSON.parse(line) }));
  });
}

/** The temp data folders this run made: removed when it exits (a soak leaves gigabytes of log). */
const made = [];
process.once('exit', () => made.forEach((d) => rmSync(d, { recursive: true, force: true })));
const tempDataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'sim-bench-'));
  made.push(dir);
  return dir;
};

/** Starts `serve --port 0` on a new temp data folder, or on `dataDir` (a restart on the same files). */
export async function startSimulator({ dataDir = tempDataDir() } = {}) {
  // SIM_NODE_ARGS passes flags to the simulator's node, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const nodeArgs = process.env.SIM_NODE_ARGS ? process.env.SIM_NODE_ARGS.split(' ') : [];
  const { proc, ready } = await spawnReady([
    ...nodeArgs,
    join(ROOT, 'out/main/cli.js'),
    'serve',
    '--port',
    '0',
    '--data-dir',
    dataDir,
    '--quiet',
  ]);
  return { proc, dataDir, ...ready };
}

/** A bare node:http server in its own process that answers every request with the given body and headers. */
export async function startBareServer(body, headers) {
  const { proc, ready } = await spawnReady([join(import.meta.dirname, 'bare-server.mjs')], {
    BARE_BODY: body,
    BARE_HEADERS: JSON.stringify(headers),
  });
  return { proc, url: ready.url };
}

/** The merchant stub (merchant-stub.mjs) in its own process; `env` as that file describes. */
export async function startMerchantStub(env = {}) {
  const { proc, ready } = await spawnReady([join(import.meta.dirname, 'merchant-stub.mjs')], env);
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

export const stop = (proc) =>
  new Promise((r) => (proc.exitCode !== null ? r() : (proc.once('exit', r), proc.kill('SIGTERM'))));
