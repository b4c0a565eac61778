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

/**
 * Vite wraps every dynamic import in a preload helper (about 1.7 KB minified) that preloads the chunk's CSS
 * and imports. The checkout's one stylesheet is loaded by the page and module preload is off, so the helper
 * would do nothing but weigh on the first load: it is replaced by a plain call.
 */
const PRELOAD_HELPER = '\0vite/preload-helper.js';
const plainDynamicImports = {
  name: 'checkout-plain-dynamic-imports',
  enforce: 'pre',
  load: (id) => (id === PRELOAD_HELPER ? 'export const __vitePreload = (load) => load();' : null),
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
    plugins: [plainDynamicImports],
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
          // Chunks loaded later (the receipt, once the purchase is done) keep fixed names too.
          chunkFileNames: '[name].js',
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
