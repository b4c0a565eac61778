// Makes sure out/ is there before the app runs. Two places run this code, and they differ:
// - a clone (the sources are beside out/): out/ is built (electron-vite build, the embedded checkout, the
//   testing entry's CommonJS copy) when it is missing or older than the sources, so that `npm run serve`
//   and `npm start` work on a fresh clone with no other step;
// - an installed package (npm install checkout-simulator: no sources, no build tools): out/ came built in
//   the tarball and is never rebuilt. Its files' times say nothing there (npm sets every file in a tarball
//   to the same old date), so they are never compared; a missing file means a broken install.
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
  'scripts/build-testing.mjs',
  'package.json',
];

/** What the package ships built and the command line needs (package.json `files`). */
export const RUNTIME_OUTPUTS = [
  'out/main/cli.js',
  'out/main/exchange-writer-worker.js',
  'out/main/testing.js',
  'out/main/testing.cjs',
  'out/types/testing.d.cts',
  'out/renderer/index.html',
  'out/checkout/bootstrap.js',
  'out/checkout/frame.js',
];

/** What only a clone uses: the desktop app's main process and preload. */
const CLONE_OUTPUTS = ['out/main/electron.js', 'out/preload/preload.cjs'];

/** A clone has the sources the build reads; an installed package has only what `files` ships. */
export function isClone(root) {
  return existsSync(join(root, 'electron.vite.config.ts')) && existsSync(join(root, 'src-main'));
}

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

/** In a clone: true when out/ lacks an output or a source is newer than the oldest output. */
export function needsBuild(root) {
  const outputs = [...RUNTIME_OUTPUTS, ...CLONE_OUTPUTS].map((p) => join(root, p));
  if (outputs.some((p) => !existsSync(p))) return true;
  const builtAt = Math.min(...outputs.map((p) => statSync(p).mtimeMs));
  return Math.max(...SOURCES.map((s) => newestMtime(join(root, s)))) > builtAt;
}

/**
 * What to do before running: nothing, build (a clone), or stop with the one line that says what to do
 * (an installed package missing a file, a clone whose build tools are not installed).
 * @returns {{ action: 'run' } | { action: 'build' } | { action: 'stop', message: string }}
 */
export function buildPlan(root) {
  if (!isClone(root)) {
    const missing = RUNTIME_OUTPUTS.find((p) => !existsSync(join(root, p)));
    if (!missing) return { action: 'run' };
    return {
      action: 'stop',
      message:
        `this installed package is broken: ${missing} is missing (an installed package comes built and ` +
        `never builds). Reinstall it: npm install --save-dev checkout-simulator`,
    };
  }
  if (!needsBuild(root)) return { action: 'run' };
  if (!existsSync(join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js')))
    return {
      action: 'stop',
      message: `this clone's out/ needs building and its build tools are not installed: run npm ci in ${root}, then try again`,
    };
  return { action: 'build' };
}

/** Runs buildPlan's answer: returns to run, builds a clone's out/, or exits with its one line. */
export function ensureBuilt(root) {
  const plan = buildPlan(root);
  if (plan.action === 'run') return;
  if (plan.action === 'stop') {
    process.stderr.write(`checkout-sim: ${plan.message}\n`);
    process.exit(1);
  }
  process.stderr.write(
    'Building out/ in this clone (electron-vite build, the embedded checkout, the testing entry)…\n',
  );
  const steps = [
    [join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build'],
    [join(root, 'scripts', 'build-checkout.mjs')],
    [join(root, 'scripts', 'build-testing.mjs')],
  ];
  for (const args of steps) {
    // Build output goes to stderr: stdout is reserved for the ready line.
    const r = spawnSync(process.execPath, args, { cwd: root, stdio: ['ignore', 2, 2] });
    if (r.status !== 0) {
      process.stderr.write('checkout-sim: building out/ in this clone failed (see above)\n');
      process.exit(1);
    }
  }
}
