import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  resolve: { alias: { '@shared': fileURLToPath(new URL('./shared', import.meta.url)) } },
  test: {
    include: [
      'shared/**/*.test.ts',
      'src-main/**/*.test.ts',
      'src-renderer/**/*.test.{ts,tsx}',
      'src-checkout/**/*.test.ts',
      'scripts/**/*.test.ts',
      'tools/**/*.test.ts',
      'shop/**/*.test.mjs',
      'bench/**/*.test.mjs',
    ],
    // Builds the exchange log's writer thread, which runs from a built file (see the setup file).
    globalSetup: ['./vitest.global-setup.mts'],
    pool: 'forks',
    // A limit to catch a hang, not a timing check: tests that start the built CLI or a server take under a
    // second on an idle machine, but a CI machine under load (a load average of 10 and more on 2 cores) has
    // been seen to take over 20 s to start one (cli-process.test.ts, validate-cli.test.ts).
    testTimeout: 60000,
    hookTimeout: 60000,
  },
});
