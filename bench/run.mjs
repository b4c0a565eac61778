// `npm run bench`: every benchmark, each reported as a ratio against a baseline measured in the same run.
import { ensureBuilt } from '../scripts/ensure-built.mjs';
import { ROOT } from './lib.mjs';
import { checkoutGet } from './checkout-get.mjs';

const BENCHES = { 'checkout-get': checkoutGet };

ensureBuilt(ROOT);
const only = process.argv.slice(2);
const results = [];
for (const [name, run] of Object.entries(BENCHES)) {
  if (only.length > 0 && !only.includes(name)) continue;
  process.stderr.write(`running ${name}…\n`);
  const r = await run();
  results.push(r);
  console.log(
    `${r.name}\n  ${r.baseline}\n  ${r.measured}\n  ratio ${r.ratio.toFixed(2)}× (target ${r.target}) ${r.pass ? 'PASS' : 'MISS'}${r.note ? `\n  ${r.note}` : ''}`,
  );
}
process.exitCode = results.every((r) => r.pass) ? 0 : 1;
