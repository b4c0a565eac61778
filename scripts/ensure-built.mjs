// Builds out/ (electron-vite build) when it is missing or older than the sources, so that
// `npm run serve` and `npm start` work on a fresh clone with no other step.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SOURCES = [
  'src-main',
  'src-renderer',
  'src-checkout',
  'shared',
  'shop',
  'docs/spec',
  'electron.vite.config.ts',
  'scripts/build-checkout.mjs',
  'package.json',
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** True when out/ lacks an output or a source is newer than the oldest output. */
export function needsBuild(root) {
  const outputs = [
    'out/main/cli.js',
    'out/main/electron.js',
    'out/main/exchange-writer-worker.js',
    'out/preload/preload.cjs',
    'out/renderer/index.html',
    'out/checkout/bootstrap.js',
    'out/checkout/frame.js',
  ].map((p) => join(root, p));
  if (outputs.some((p) => !existsSync(p))) return true;
  // Installed without sources (a packed copy): out/ is all there is.
  if (!existsSync(join(root, 'src-main'))) return false;
  const builtAt = Math.min(...outputs.map((p) => statSync(p).mtimeMs));
  return Math.max(...SOURCES.map((s) => newestMtime(join(root, s)))) > builtAt;
}

export function ensureBuilt(root) {
  if (!needsBuild(root)) return;
  process.stderr.write('Building the app (electron-vite build, then the embedded checkout)…\n');
  const steps = [
    [join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build'],
    [join(root, 'scripts', 'build-checkout.mjs')],
  ];
  for (const args of steps) {
    // Build output goes to stderr: stdout is reserved for the ready line.
    const r = spawnSync(process.execPath, args, { cwd: root, stdio: ['ignore', 2, 2] });
    if (r.status !== 0) {
      process.stderr.write('checkout-sim: the build failed (see above)\n');
      process.exit(1);
    }
  }
}
