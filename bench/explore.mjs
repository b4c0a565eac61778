// Explore's speed: generated journeys per second against the sample shop, `checkout-sim explore --parallel
// 1` (the baseline) and `--parallel EXPLORE_BENCH_PARALLEL` (default 8) in the same run, EXPLORE_BENCH_RUNS
// journeys each, same seed (default 500: the zero false findings of docs/explore.md are checked over 500
// runs, and at 100 the parallel run's time is its two longest journeys, not its throughput); and the
// time to shrink a finding: a config whose own invariant (no push attempt at all) the shop breaks whenever a
// journey pays and lets push come, so the first such run is found and shrunk (explore judges an expectation
// about the order after its purchase only on journeys that paid, so one that never paid is no finding).
// Journeys per second, and the ratio, are over the time spent running the journeys: the JSON report's
// duration_ms, from explore's start (its generators made, before the first journey's first call) to the
// last journey's end (src-main/explore/explore.ts). The line also gives each whole process's seconds (the
// CLI's start-up, its connecting to the simulator, the reports written and its exit added: time --parallel
// cannot shorten) and their ratio.
// The shrink line: the finding's shrink_ms (from its run's first failing journey to the end of shrinking),
// its shrink_attempts (journeys tried while shrinking) and shrinks (of them, the smaller ones that still
// failed), and the steps of the scenario file it writes. Targets: parallel ≥ 4× serial, no finding against
// the shop, a finding's shrink under 30 s. EXPLORE_BENCH_CLI runs another build's CLI (an old out/main/cli.js
// copied aside), to compare builds with the same bench.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, startSimulator, stop } from './lib.mjs';

const RUNS = Number(process.env.EXPLORE_BENCH_RUNS ?? 500);
const PARALLEL = Number(process.env.EXPLORE_BENCH_PARALLEL ?? 8);
const CLI = process.env.EXPLORE_BENCH_CLI ?? join(ROOT, 'out/main/cli.js');

/** `checkout-sim explore --api … --parallel N`: the whole process's seconds and the JSON report. */
function explore(api, dir, name, extra) {
  const started = performance.now();
  const json = join(dir, `${name}.json`);
  // The built CLI itself (bench/run.mjs built it): bin/checkout-sim.mjs would rebuild inside the timing.
  const args = [CLI, 'explore', '--api', api, '--seed', '36', '--quiet'];
  const proc = spawn(process.execPath, [...args, '--reporter', `json=${json}`, ...extra], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    proc.once('error', reject);
    proc.once('exit', () => {
      const seconds = (performance.now() - started) / 1000;
      resolve({ seconds, report: JSON.parse(readFileSync(json, 'utf8')) });
    });
  });
}

export async function exploreBench() {
  const sim = await startSimulator();
  const dir = mkdtempSync(join(tmpdir(), 'sim-bench-explore-'));
  try {
    const serial = await explore(sim.api, dir, 'serial', ['--runs', String(RUNS), '--parallel', '1']);
    const parallel = await explore(sim.api, dir, 'parallel', [
      '--runs',
      String(RUNS),
      '--parallel',
      String(PARALLEL),
    ]);
    const config = join(dir, 'config.json');
    writeFileSync(config, JSON.stringify({ invariants: [], expect: [{ push_attempts: { at_most: 0 } }] }));
    const shrink = await explore(sim.api, dir, 'shrink', [
      '--runs',
      '40',
      '--parallel',
      '2',
      '--config',
      config,
    ]);
    const found = shrink.report.findings[0];
    // Journeys over the time spent running them (the report's duration_ms); the whole process beside it.
    const runS = (r) => r.report.duration_ms / 1000;
    // Runs whose journey stopped at a step the checkout refused did less than they were written to (an
    // older build's report, EXPLORE_BENCH_CLI, has no such list).
    const early = (r) => (r.report.ended_early ?? []).reduce((n, e) => n + e.runs, 0);
    const rate = (r) =>
      `${(r.report.runs / runS(r)).toFixed(2)} journeys/s (${runS(r).toFixed(1)} s running them; whole process ${r.seconds.toFixed(1)} s), ${r.report.findings.length} findings, ${early(r)} ended early`;
    const ratio = runS(serial) / runS(parallel);
    const shrinkS = found ? found.shrink_ms / 1000 : Infinity;
    const clean = serial.report.findings.length === 0 && parallel.report.findings.length === 0;
    return {
      name: `explore: ${RUNS} journeys against the sample shop, serial vs --parallel ${PARALLEL}; a finding's shrink`,
      baseline: `--parallel 1: ${rate(serial)}`,
      measured: `--parallel ${PARALLEL}: ${rate(parallel)}; whole processes ${(serial.seconds / parallel.seconds).toFixed(2)}×; shrink: ${found ? `${shrinkS.toFixed(1)} s, ${found.shrink_attempts} journeys tried (${found.shrinks} smaller failing), ${found.steps} steps left` : 'no finding to shrink'}`,
      ratio,
      target: '≥ 4× the journeys/s in parallel, no finding against the shop, a shrink under 30 s',
      pass: ratio >= 4 && clean && shrinkS < 30,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await stop(sim.proc);
  }
}
