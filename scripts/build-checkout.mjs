// Builds the embedded checkout (src-checkout/) into out/checkout: the bootstrap that an order's
// html_snippet loads into the merchant's page (one classic script, so it runs on any page), and the
// checkout page inside the iframe (Preact, one module and one stylesheet). Fixed file names: the
// simulator serves them at /kco/bootstrap.js and /kco/assets/…, and snippets already handed out name them.
import { resolve } from 'node:path';
import { build } from 'vite';

const root = resolve(import.meta.dirname, '..');
const outDir = resolve(root, 'out/checkout');

const common = {
  configFile: false,
  root,
  logLevel: 'warn',
  resolve: { alias: { '@shared': resolve(root, 'shared') } },
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  define: { 'process.env.NODE_ENV': '"production"' },
};

export async function buildCheckout() {
  await build({
    ...common,
    build: {
      outDir,
      emptyOutDir: true,
      minify: true,
      sourcemap: true,
      lib: {
        entry: resolve(root, 'src-checkout/bootstrap.ts'),
        formats: ['iife'],
        name: 'klarnaCheckoutBootstrap',
        fileName: () => 'bootstrap.js',
      },
    },
  });
  // The page's own script is an application, not a library: built as one, it is minified whole (lib mode
  // keeps the whitespace of an ES module for the tree-shaking of its users, which this page has none of).
  await build({
    ...common,
    build: {
      outDir,
      emptyOutDir: false,
      minify: true,
      sourcemap: true,
      cssCodeSplit: false,
      modulePreload: false,
      rollupOptions: {
        input: resolve(root, 'src-checkout/frame/main.tsx'),
        output: {
          format: 'es',
          entryFileNames: 'frame.js',
          assetFileNames: (asset) =>
            (asset.names ?? [asset.name]).some((n) => n?.endsWith('.css')) ? 'frame.css' : '[name][extname]',
        },
      },
    },
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildCheckout();
}
