// The built simulator and the merchant stub as child processes, for the fuzzer and the benchmarks.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';

export const ROOT = resolve(import.meta.dirname, '..');

/** Spawns a process and resolves with its first stdout line parsed as JSON. */
export function spawnReady(args, env = {}) {
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

/**
 * Starts `serve --port 0` on a new temp data folder, or on `dataDir` (a restart on the same files);
 * `args` are more of serve's options (`--config file`).
 */
export async function startSimulator({ dataDir = tempDataDir(), args = [] } = {}) {
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
    ...args,
  ]);
  return { proc, dataDir, ...ready };
}

/** The merchant stub (merchant-stub.mjs) in its own process; `env` as that file describes. */
export async function startMerchantStub(env = {}) {
  const { proc, ready } = await spawnReady([join(import.meta.dirname, 'merchant-stub.mjs')], env);
  return { proc, url: ready.url };
}

export const stop = (proc) =>
  new Promise((r) => (proc.exitCode !== null ? r() : (proc.once('exit', r), proc.kill('SIGTERM'))));
