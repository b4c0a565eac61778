// @ts-check
// A vitest setup file used only under Stryker (vitest.stryker.config.mts): activates the mutant before
// any test file imports the code it mutates.
//
// Why: with `--tests` (Stryker's testFiles) every mutant run has a test filter, and Stryker 9.5's
// planner then asks for "runtime" activation even for a static mutant (one in module-level code: a
// regex, a table, a message object), so the mutant is switched on in a beforeAll, after the module
// was loaded with the original value, and survives whatever the tests say (stryker-js issue #6144).
// Each run loads the test files afresh (vitest isolates them), so switching the mutant on here, before
// they load, tests static mutants for real; for the others it changes nothing (the same mutant is
// switched on again in Stryker's own beforeAll). Outside a mutant run (the dry run) it does nothing.
import { inject } from 'vitest';

/** @type {(key: string) => unknown} */
const provided = /** @type {any} */ (inject);
if (provided('mode') === 'mutant') {
  const name = /** @type {string} */ (provided('globalNamespace'));
  const g = /** @type {Record<string, { activeMutant?: unknown } | undefined>} */ (
    /** @type {unknown} */ (globalThis)
  );
  const ns = g[name] ?? (g[name] = {});
  ns.activeMutant = provided('activeMutant');
}
