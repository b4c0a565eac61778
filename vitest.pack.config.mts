import { defineConfig } from 'vitest/config';

// The pack tests (pack-test/): the packed tarball installed into fresh projects. Each install compiles
// better-sqlite3, so they run apart from the unit tests, after `npm run build` (npm test runs them last).
export default defineConfig({
  test: {
    include: ['pack-test/**/*.test.ts'],
    globalSetup: ['./pack-test/pack-setup.ts'],
    pool: 'forks',
    // An install takes about a minute on an idle machine, several on a busy one.
    hookTimeout: 20 * 60_000,
    testTimeout: 5 * 60_000,
  },
});
