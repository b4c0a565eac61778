// @ts-check
// StrykerJS: mutation testing, run by `npm run mutate -- PATH` (scripts/mutate.mjs), never by `npm test`.
// The script supplies `mutate`, the incremental file and the report names for the PATH it is given;
// this file holds what every run shares.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
const config = {
  testRunner: 'vitest',
  // Related mode: vitest runs only the tests that import the mutated file, not the whole suite.
  vitest: { configFile: 'vitest.config.mts', related: true },
  coverageAnalysis: 'perTest',
  // 2-core machines shared by several engineers: one test runner at a time.
  concurrency: 1,
  incremental: true,
  // The sandbox is a copy of the repo: leave out what no unit test reads.
  ignorePatterns: [
    'out',
    'test-results',
    'playwright-report',
    'reports',
    '.native',
    'e2e',
    'pack-test',
    // docs/ but what scenario-runner's tests read: the scenario reference page and its JSON Schema
    // (scenario-docs.test.ts and published-schema.test.ts check both are current).
    'docs/*',
    '!docs/scenarios.md',
    '!docs/scenario.schema.json',
  ],
  reporters: ['clear-text', 'progress', 'html', 'json'],
  // A busy shared machine: a mutant is a timeout only when it is well past the normal run.
  timeoutMS: 20000,
  dryRunTimeoutMinutes: 15,
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
};
export default config;
