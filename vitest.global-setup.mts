// Builds what the tests need that only exists built: the exchange log's writer thread is started from
// a file (store/exchange-writer.ts), and vitest runs TypeScript sources, with nothing built beside them.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';
import { WRITER_MODULE_ENV } from './src-main/store/exchange-writer-module';

const root = fileURLToPath(new URL('.', import.meta.url));
const WORKER = 'exchange-writer-worker.mjs';

/** Builds the writer thread's module into `outDir` as electron-vite does (ESM, dependencies left out). */
async function buildWriter(outDir: string): Promise<void> {
  // Imported by absolute URL: the temp folder has no node_modules to resolve a package name from.
  const sqlite = pathToFileURL(createRequire(import.meta.url).resolve('better-sqlite3')).href;
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    build: {
      ssr: join(root, 'src-main/store/exchange-writer-worker.ts'),
      outDir,
      emptyOutDir: true,
      minify: false,
      rolldownOptions: {
        output: { format: 'es', entryFileNames: WORKER, paths: { 'better-sqlite3': sqlite } },
      },
    },
  });
}

export default async function setup(project: TestProject): Promise<() => void> {
  const outDir = mkdtempSync(join(tmpdir(), 'sim-exchange-writer-'));
  await buildWriter(outDir);
  // Test processes are forked after global setup, with its environment.
  process.env[WRITER_MODULE_ENV] = join(outDir, WORKER);
  // Watch mode: a rerun gets the worker as its sources are now.
  project.onTestsRerun(() => buildWriter(outDir));
  return () => rmSync(outDir, { recursive: true, force: true });
}
