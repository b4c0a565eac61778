// `npm run bench`: every benchmark, each reported against a baseline measured in the same run.
// `npm run bench -- NAME…` runs only those. Exits non-zero when a figure misses its target.
import { ensureBuilt } from '../scripts/ensure-built.mjs';
import { ROOT } from './lib.mjs';
import { checkoutGet } from './checkout-get.mjs';
import { callbackOverhead } from './callback-overhead.mjs';
import { pushTimeline } from './push-timeline.mjs';
import { shippingOptionsRps } from './shipping-options-rps.mjs';
import { shippingOverhead } from './shipping-overhead.mjs';
import { checkoutFrame } from './checkout-frame.mjs';
import { logConsole } from './log-console.mjs';
import { crash } from './crash.mjs';
import { soak } from './soak.mjs';
import { startup } from './startup.mjs';
import { fuzz } from './fuzz.mjs';
import { scenarios } from './scenarios.mjs';
import { disk } from './disk.mjs';
import { scenarioRepeat } from './scenario-repeat.mjs';
import { loadShed } from './load-shed.mjs';
import { exploreBench } from './explore.mjs';

const BENCHES = {
  'checkout-get': checkoutGet,
  'callback-overhead': callbackOverhead,
  'push-timeline': pushTimeline,
  'shipping-options': shippingOptionsRps,
  'shipping-overhead': shippingOverhead,
  'checkout-frame': checkoutFrame,
  'log-console': logConsole,
  crash,
  fuzz,
  soak,
  startup,
  scenarios,
  disk,
  'scenario-repeat': scenarioRepeat,
  'load-shed': loadShed,
  explore: exploreBench,
};

function report(r) {
  const ratio = r.ratio === null ? '' : `ratio ${r.ratio.toFixed(2)}× `;
  const lines = [
    r.name,
    `  ${r.baseline}`,
    `  ${r.measured}`,
    `  ${ratio}(target ${r.target}) ${r.pass ? 'PASS' : 'MISS'}`,
  ];
  if (r.note) lines.push(`  ${r.note}`);
  console.log(lines.join('\n'));
}

ensureBuilt(ROOT);
const only = process.argv.slice(2);
const unknown = only.filter((n) => !(n in BENCHES));
if (unknown.length > 0) {
  console.error(`unknown benchmark ${unknown.join(', ')}; known: ${Object.keys(BENCHES).join(', ')}`);
  process.exit(64);
}
const results = [];
for (const [name, run] of Object.entries(BENCHES)) {
  if (only.length > 0 && !only.includes(name)) continue;
  process.stderr.write(`running ${name}…\n`);
  const r = await run();
  results.push(r);
  report(r);
}
process.exitCode = results.every((r) => r.pass) ? 0 : 1;
