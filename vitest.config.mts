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
    testTimeout: 20000,
  },
});
