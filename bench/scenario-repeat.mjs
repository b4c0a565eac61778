// An example scenario run again and again, in a row, against one simulator and its sample shop (the
// built CLI: `checkout-sim run FILE FILE …`): every run must pass, however many there are. The shop's stock
// used to run out after eight mugs. SCENARIO_REPEAT=N sets the count (default 1000, about 1.5 s a run on
// an idle machine).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './lib.mjs';

const FILE = 'scenarios/push-acknowledged.yaml';

export async function scenarioRepeat() {
  const runs = Number(process.env.SCENARIO_REPEAT ?? 1000);
  const started = Date.now();
  const proc = spawn(process.execPath, [join(ROOT, 'out/main/cli.js'), 'run', ...Array(runs).fill(FILE)], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  let out = '';
  proc.stdout.setEncoding('utf8').on('data', (d) => (out += d));
  const code = await new Promise((resolve) => proc.once('close', resolve));
  const passed = out.match(/^PASS /gm)?.length ?? 0;
  const ms = Date.now() - started;
  const firstFail = /^FAIL .*\n(?:.*\n)*?\s+✗ .*$/m.exec(out)?.[0].split('\n').slice(0, 3).join(' / ');
  return {
    name: `scenario-repeat: ${FILE} run ${runs} times in a row against one simulator and its sample shop`,
    baseline: `${runs} runs`,
    measured: `${passed} passed, ${runs - passed} failed, exit ${code}, ${(ms / runs / 1000).toFixed(2)} s a run`,
    ratio: null,
    target: 'every run passes',
    pass: passed === runs && code === 0,
    ...(firstFail ? { note: `first failure: ${firstFail}` } : {}),
  };
}
