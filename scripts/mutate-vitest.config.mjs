// @ts-check
// The vitest config of `npm run mutate -- PATH --tests GLOB`: the project's own config with its test
// files narrowed to the globs in MUTATE_TESTS (set by scripts/mutate.mjs). The narrowing is done here and
// not with Stryker's own `testFiles` option because with that option Stryker activates a static mutant
// (a module-level constant: a regex, a table) only after the module has been loaded, so every static
// mutant "survived" whatever the tests said (core 9.5's planner: `mutantActivation` is `runtime` whenever
// a test filter is set, and `testFiles` sets one for static mutants too).
import { fileURLToPath } from 'node:url';
import base from '../vitest.config.mts';

const only = (process.env.MUTATE_TESTS ?? '').split(',').filter(Boolean);

export default only.length === 0
  ? base
  : {
      ...base,
      root: fileURLToPath(new URL('..', import.meta.url)),
      test: { ...base.test, include: only },
    };
