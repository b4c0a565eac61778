// Parallel scenario runs: the push example (scenarios/push-acknowledged.yaml) bought N times (default
// 1,000; SCENARIO_BENCH_PURCHASES for a quicker figure) against one simulator with its sample shop, run by
// `checkout-sim run --api`: one after another on the simulator clock (`--parallel 1`, the baseline) and
// SCENARIO_BENCH_PARALLEL at a time (default 8), each on a test clock of its own, in the same run.
// Target: the parallel run at least 2× as fast, every purchase passing in both. The order is the one the
// runner creates (the example's steps and expectations unchanged): the sample shop starts each process
// with 12 mugs, so a thousand visitors buying from its pages would empty it.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { ROOT, startSimulator, stop } from './lib.mjs';

const PURCHASES = Number(process.env.SCENARIO_BENCH_PURCHASES ?? 1000);
const PARALLEL = Number(process.env.SCENARIO_BENCH_PARALLEL ?? 8);

/** A folder of N copies of the push example, its `order` block left out (the runner creates the order). */
function scenarioFolder() {
  const example = parse(readFileSync(join(ROOT, 'scenarios/push-acknowledged.yaml'), 'utf8'));
  delete example.order;
  const dir = mkdtempSync(join(tmpdir(), 'sim-bench-scenarios-'));
  for (let i = 0; i < PURCHASES; i++) {
    const name = `${example.name} #${i + 1}`;
    writeFileSync(join(dir, `push-${String(i).padStart(5, '0')}.json`), JSON.stringify({ ...example, name }));
  }
  return dir;
}

/** `checkout-sim run --api … --parallel N DIR`: seconds taken, and how many scenarios passed and failed. */
function run(api, parallel, dir) {
  const started = performance.now();
  // The built CLI itself (bench/run.mjs built it): bin/checkout-sim.mjs would rebuild inside the timing.
  const args = [join(ROOT, 'out/main/cli.js'), 'run', '--api', api, '--parallel', String(parallel), dir];
  const proc = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  proc.stdout.on('data', (c) => (out += c));
  return new Promise((resolve, reject) => {
    proc.once('error', reject);
    proc.once('exit', () => {
      const seconds = (performance.now() - started) / 1000;
      // One line per scenario: "PASS name …" or "FAIL name …" (reporters/console-lines.ts).
      const passed = out.split('\n').filter((l) => /^PASS /.test(l)).length;
      const failed = out.split('\n').filter((l) => /^FAIL /.test(l)).length;
      resolve({ seconds, passed, failed, tail: out.trim().split('\n').at(-1) });
    });
  });
}

export async function scenarios() {
  const sim = await startSimulator();
  const dir = scenarioFolder();
  try {
    const serial = await run(sim.api, 1, dir);
    const parallel = await run(sim.api, PARALLEL, dir);
    const ratio = serial.seconds / parallel.seconds;
    const all = (r) => r.passed === PURCHASES && r.failed === 0;
    const rate = (r) => `${r.seconds.toFixed(1)} s = ${(PURCHASES / r.seconds).toFixed(1)} purchases/s`;
    return {
      name: `scenarios: the push example bought ${PURCHASES.toLocaleString('en')} times, serial vs --parallel ${PARALLEL}`,
      baseline: `--parallel 1 (the simulator clock, one at a time): ${rate(serial)}; ${serial.passed} passed, ${serial.failed} failed`,
      measured: `--parallel ${PARALLEL} (a test clock each): ${rate(parallel)}; ${parallel.passed} passed, ${parallel.failed} failed`,
      ratio,
      target: '≥ 2× faster in parallel, every purchase passing in both',
      pass: ratio >= 2 && all(serial) && all(parallel),
      note: `last lines: "${serial.tail}" / "${parallel.tail}"`,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await stop(sim.proc);
  }
}
