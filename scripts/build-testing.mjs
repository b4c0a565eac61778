// Builds the CommonJS copy of `checkout-simulator/testing` (out/main/testing.cjs) and its types for
// `require` (out/types/testing.d.cts). `import` reads src-main/package-entry/public.d.ts itself (package.json
// exports), which the repository's own typecheck and e2e specs resolve too, with nothing built.
// electron-vite builds the ESM entry (out/main/testing.js) with the main process; it has one output
// format for all its entries, so the CommonJS copy is its own build, one file with its chunks inlined.
// It sits in out/main so that what it finds relative to itself (the exchange log's worker beside it,
// the package two folders up) is where the ESM entry finds it.
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { resolve } from 'node:path';
import { build } from 'vite';

const root = resolve(import.meta.dirname, '..');
const pkg = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8'));
/** What the running code imports stays an import: Node's modules and the package's dependencies. */
const externals = [...builtinModules, ...Object.keys(pkg.dependencies ?? {})];
const isExternal = (id) =>
  id.startsWith('node:') || externals.some((name) => id === name || id.startsWith(`${name}/`));

export async function buildTesting() {
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    resolve: { alias: { '@shared': resolve(root, 'shared') } },
    build: {
      ssr: resolve(root, 'src-main/package-entry/index.ts'),
      outDir: resolve(root, 'out/main'),
      emptyOutDir: false,
      minify: false,
      target: 'node20',
      rolldownOptions: {
        external: isExternal,
        output: { format: 'cjs', entryFileNames: 'testing.cjs', codeSplitting: false },
      },
    },
  });
  // The same declarations, read as CommonJS: a .d.ts in a "type": "module" package is read as ESM.
  const types = resolve(root, 'out/types');
  mkdirSync(types, { recursive: true });
  copyFileSync(resolve(root, 'src-main/package-entry/public.d.ts'), resolve(types, 'testing.d.cts'));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildTesting();
}
