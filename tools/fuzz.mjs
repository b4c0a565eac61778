#!/usr/bin/env node
// Fuzzes every API of a simulator it starts (`out/main/cli.js serve`, built first if needed) with
// malformed requests derived from the OpenAPI documents, and the listeners without one (the embedded
// checkout, the shop, the console: `--api embedded_checkout,shop,console`); see tools/fuzz/run-fuzz.mjs and
// docs/benchmarks.md's "Robustness figures". Not part of the test suite: `node tools/fuzz.mjs` (options below) or `npm run bench -- fuzz` (seed 1).
//
//   node tools/fuzz.mjs [--seed N] [--per-api N] [--concurrency N] [--api checkout,ipp,…] [--limit-ms N] [--json FILE]
//
// Exits 1 when any API answered a 5xx, left a request unanswered, broke a connection, refused without
// naming the field, or answered a 4xx outside its error shape, or when the simulator did not survive.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ensureBuilt } from '../scripts/ensure-built.mjs';
import { ROOT } from './sim-processes.mjs';
import { runFuzz } from './fuzz/run-fuzz.mjs';
import { summarize } from './fuzz/report.mjs';

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: '1' },
    'per-api': { type: 'string', default: '10000' },
    concurrency: { type: 'string', default: '32' },
    api: { type: 'string', default: '' },
    'limit-ms': { type: 'string', default: '30000' },
    json: { type: 'string' },
  },
});

ensureBuilt(ROOT);
const result = await runFuzz({
  seed: Number(values.seed),
  perApi: Number(values['per-api']),
  concurrency: Number(values.concurrency),
  only: values.api ? values.api.split(',') : [],
  limitMs: Number(values['limit-ms']),
  log: (line) => process.stderr.write(`${line}\n`),
});
const { text, pass } = summarize(result);
console.log(text);
if (values.json)
  writeFileSync(
    values.json,
    JSON.stringify(result, (k, v) => (k === 'ms' ? undefined : v), 2),
  );
process.exitCode = pass ? 0 : 1;
