#!/usr/bin/env node
// @ts-check
// `npm run mutate -- PATH [PATH…]`: StrykerJS mutation testing of one folder or file at a time.
//
//   npm run mutate -- shared/rules/               every source file under the folder, tests left out
//   npm run mutate -- src-checkout/bootstrap.ts   one file
//   npm run mutate -- src-main/x.ts:120-170       lines 120 to 170 of a file (Stryker's range)
//   npm run mutate -- shared/rules/a.ts shared/rules/b.ts   files of one folder: one run for all
//   npm run mutate -- shared/rules/ --force       forget the incremental results and test every mutant
//   npm run mutate -- src-main/core/push/ --tests 'src-main/core/push/*.test.ts'
//                                                 only these tests (default: every test related to the files)
//   npm run mutate -- shared/rules/ --concurrency 2   two test runners (default: stryker.config.mjs's one)
//
// Incremental: each folder keeps its results in reports/stryker/<folder>.incremental.json (git-ignored),
// a file's run reading and writing its folder's, so a second run (of the file or of the whole folder)
// tests only the mutants whose code or tests changed. Reports: reports/stryker/<path>.html
// and .json. Not part of `npm test`: a run takes minutes on these 2-core machines.
import fs from 'node:fs';
import path from 'node:path';
import { Stryker } from '@stryker-mutator/core';
import {
  inTarget,
  killedPercent,
  narrowedTestsEnv,
  runPlans,
  tallyMutants,
  targetPath,
} from './mutate-plan.mjs';

const REPORT_DIR = 'reports/stryker';
const args = process.argv.slice(2);
const force = args.includes('--force');
// --tests GLOB[,GLOB]: run only these test files (a module's own unit tests) instead of every related one.
const testsAt = args.indexOf('--tests');
const testFiles = testsAt >= 0 ? (args[testsAt + 1] ?? '').split(',').filter(Boolean) : [];
// --concurrency N: N test runners instead of stryker.config.mjs's one, for a whole-folder run that must
// end in a given time; under `nice -n 19` the extra runner yields to work at normal priority.
const concurrencyAt = args.indexOf('--concurrency');
const concurrency = concurrencyAt >= 0 ? Number(args[concurrencyAt + 1]) : undefined;
if (concurrency !== undefined && !(Number.isInteger(concurrency) && concurrency >= 1)) {
  process.stderr.write('--concurrency: give a whole number of test runners, 1 or more\n');
  process.exit(2);
}
const valued = [testsAt, concurrencyAt].filter((i) => i >= 0).flatMap((i) => [i, i + 1]);
const targets = args.filter((a, i) => a !== '--force' && !valued.includes(i));

if (targets.length === 0 || targets.includes('--help')) {
  process.stderr.write(
    'Usage: npm run mutate -- PATH [PATH…] [--force] [--tests GLOB[,GLOB]] [--concurrency N]\n',
  );
  process.exit(targets.length === 0 ? 2 : 0);
}

/** @type {{ target: string, isDir: boolean }[]} */
const paths = [];
for (const target of targets) {
  const file = targetPath(target);
  if (!fs.existsSync(file)) {
    process.stderr.write(`${target}: no such file or folder\n`);
    process.exit(2);
  }
  paths.push({ target, isDir: fs.statSync(file).isDirectory() });
}

// The globs go to vitest (its include), not to Stryker's `testFiles`: see scripts/mutate-vitest.config.mjs.
Object.assign(process.env, narrowedTestsEnv(testFiles));
for (const plan of runPlans(paths, REPORT_DIR, testFiles)) {
  // A file's run also returns the rest of its folder's kept results (one incremental file per folder).
  const all = await new Stryker({
    ...plan.options,
    force,
    ...(concurrency ? { concurrency } : {}),
  }).runMutationTest();
  for (const { target, isDir } of plan.targets) {
    const results = all.filter((r) =>
      inTarget(target, isDir, path.relative(process.cwd(), r.fileName), r.location.start.line + 1),
    );
    const { valid, killed } = tallyMutants(results);
    const score = killedPercent(killed, valid.length);
    // Stryker's vitest runner reads a test file that failed to load (a static mutant that makes its
    // module throw at import) as a run of no tests, and so as a survivor: name them, to check by hand.
    const unloaded = results.filter((r) => r.status === 'Survived' && r.testsCompleted === 0).length;
    const note = unloaded > 0 ? ` (${unloaded} "survived" with no test run: check by hand)` : '';
    process.stderr.write(`${target}: ${valid.length} mutants, ${score.toFixed(1)} % killed${note}\n`);
  }
}
