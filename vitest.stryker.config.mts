import { mergeConfig } from 'vitest/config';
import base from './vitest.config.mjs';

// The test configuration as Stryker runs it (stryker.config.mjs): the project's own, plus a setup file
// that switches the mutant on before the tests load the mutated module, so static mutants are tested
// under `--tests` too (see the setup file for why).
export default mergeConfig(base, {
  test: { setupFiles: ['./scripts/stryker-static-activation.mjs'] },
});
