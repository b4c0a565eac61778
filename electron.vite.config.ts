import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';

const alias = { '@shared': resolve(__dirname, 'shared') };

/** The spec documents (docs/spec/*.md) beside the built console, so its citations open them (spec/…). */
function specDocs(): Plugin {
  const dir = resolve(__dirname, 'docs/spec');
  return {
    name: 'spec-docs',
    generateBundle() {
      for (const name of readdirSync(dir).filter((f) => f.endsWith('.md')))
        this.emitFile({
          type: 'asset',
          fileName: `spec/${name}`,
          source: readFileSync(resolve(dir, name), 'utf8'),
        });
    },
  };
}

// electron-vite only finds src/main, src/preload and src/renderer by itself; our layers are named by
// runtime (src-main, src-renderer), so every entry is given explicitly.
export default defineConfig({
  main: {
    resolve: { alias },
    build: {
      outDir: 'out/main',
      lib: {
        entry: {
          electron: resolve(__dirname, 'src-main/electron/main.ts'),
          cli: resolve(__dirname, 'src-main/cli/main.ts'),
          // `checkout-simulator/testing` (package.json exports): the simulator in a merchant's test runner.
          // Its CommonJS copy and its types are scripts/build-testing.mjs's (one output format here).
          testing: resolve(__dirname, 'src-main/package-entry/index.ts'),
          // The exchange log's writer thread, started by file (store/exchange-writer.ts) beside the chunk
          // that starts it. vitest.global-setup.mts builds the same entry for the tests.
          'exchange-writer-worker': resolve(__dirname, 'src-main/store/exchange-writer-worker.ts'),
        },
      },
    },
  },
  preload: {
    resolve: { alias },
    build: {
      outDir: 'out/preload',
      lib: { entry: { preload: resolve(__dirname, 'src-main/electron/preload.ts') } },
      // A sandboxed preload must be CommonJS.
      rolldownOptions: { output: { format: 'cjs', entryFileNames: '[name].cjs' } },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src-renderer'),
    resolve: { alias },
    plugins: [react(), specDocs()],
    build: {
      outDir: resolve(__dirname, 'out/renderer'),
      // The console is served to a browser or the Electron window: minified, it loads a third the size.
      minify: true,
      sourcemap: true,
      rolldownOptions: { input: resolve(__dirname, 'src-renderer/index.html') },
    },
  },
});
