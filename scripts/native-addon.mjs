#!/usr/bin/env node
// @ts-check
// Builds better-sqlite3 for Electron into .native/electron-<version>-<platform>-<arch>/, leaving
// node_modules/better-sqlite3/build (the Node build that `npm test` loads) untouched: the build runs in a
// temporary copy of the package. First a prebuilt download (prebuild-install), then a compile (node-gyp,
// which needs Electron's headers from electronjs.org). Both need the network; on a machine without it this
// fails with a message, and `npm start` falls back to browser mode.
//
//   node scripts/native-addon.mjs [--force] [--target <electron version>] [--arch <arch>]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { addonBuildEnv, electronAddonPaths, nodeGypCandidates } from './start-plan.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** A download or compile that has not finished by then is stuck (a network that drops packets silently). */
const STEP_TIMEOUT_MS = 10 * 60 * 1000;

/** The installed Electron version (from its package.json, which exists even without the binary). */
export function installedElectronVersion(root = ROOT) {
  const pkg = JSON.parse(
    fs.readFileSync(path.join(root, 'node_modules', 'electron', 'package.json'), 'utf8'),
  );
  return /** @type {string} */ (pkg.version);
}

/** A copy of the better-sqlite3 package without its build/ (the Node build must stay where it is). */
function copyPackageSources(root, into) {
  const src = path.join(root, 'node_modules', 'better-sqlite3');
  const dest = path.join(into, 'better-sqlite3');
  fs.cpSync(src, dest, {
    recursive: true,
    filter: (p) => {
      const rel = path.relative(src, p).split(path.sep);
      return rel[0] !== 'build' && rel[0] !== 'node_modules';
    },
  });
  return dest;
}

/**
 * Runs one build step with its output appended to the log; true on success.
 * @param {string} title
 * @param {string[]} args
 * @param {{ cwd: string, env: NodeJS.ProcessEnv, logFd: number }} opts
 */
function step(title, args, { cwd, env, logFd }) {
  fs.writeSync(logFd, `\n$ node ${args.join(' ')}\n`);
  const r = spawnSync(process.execPath, args, {
    cwd,
    env,
    stdio: ['ignore', logFd, logFd],
    timeout: STEP_TIMEOUT_MS,
  });
  const ok = r.status === 0;
  fs.writeSync(
    logFd,
    `[${title}: ${ok ? 'ok' : `failed (${r.error?.message ?? `exit ${r.status ?? r.signal}`})`}]\n`,
  );
  return ok;
}

/** The last lines of the build log, for the error message. */
function tail(file, lines = 15) {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

/**
 * Builds (or downloads) the addon for one Electron version and copies it into .native/.
 * @param {{ root?: string, version?: string, platform?: string, arch?: string, force?: boolean,
 *   log?: (line: string) => void, steps?: ('prebuild' | 'node-gyp')[], runtime?: string, extraGypArgs?: string[] }} [opts]
 *   `runtime` and `extraGypArgs` exist for testing the pipeline against Node's local headers.
 * @returns {{ file: string, method: string }}
 */
export function buildElectronAddon(opts = {}) {
  const root = opts.root ?? ROOT;
  const version = opts.version ?? installedElectronVersion(root);
  const platform = opts.platform ?? process.platform;
  const arch = opts.arch ?? process.arch;
  const runtime = opts.runtime ?? 'electron';
  const log = opts.log ?? ((line) => process.stderr.write(`${line}\n`));
  const out = electronAddonPaths(root, version, platform, arch);
  if (!opts.force && fs.existsSync(out.file)) return { file: out.file, method: 'already built' };

  fs.mkdirSync(out.dir, { recursive: true });
  const logFd = fs.openSync(out.log, 'w');
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'checkout-sim-addon-'));
  const env = /** @type {NodeJS.ProcessEnv} */ (addonBuildEnv(process.env));
  try {
    log(`Building better-sqlite3 for ${runtime} ${version} (${platform}-${arch}); log: ${out.log}`);
    const pkgDir = copyPackageSources(root, tmp);
    const ctx = { cwd: pkgDir, env, logFd };
    let method = '';
    const steps = opts.steps ?? ['prebuild', 'node-gyp'];
    if (steps.includes('prebuild')) {
      const bin = path.join(root, 'node_modules', 'prebuild-install', 'bin.js');
      const args = [
        bin,
        '--runtime',
        runtime,
        '--target',
        version,
        '--arch',
        arch,
        '--platform',
        platform,
        '--verbose',
      ];
      if (fs.existsSync(bin) && step('prebuild-install', args, ctx)) method = 'prebuild-install';
    }
    if (!method && steps.includes('node-gyp')) {
      const gyp = nodeGypCandidates({
        root,
        npmExecPath: process.env.npm_execpath,
        execPath: process.execPath,
        platform: process.platform,
      }).find((p) => fs.existsSync(p));
      if (!gyp) fs.writeSync(logFd, '[node-gyp: not found in node_modules nor inside npm]\n');
      const distUrl = runtime === 'electron' ? ['--dist-url=https://electronjs.org/headers'] : [];
      const args = [gyp ?? 'node-gyp', 'rebuild', '--release', `--runtime=${runtime}`, `--target=${version}`];
      args.push(`--arch=${arch}`, '--jobs=max', ...distUrl, ...(opts.extraGypArgs ?? []));
      if (gyp && step('node-gyp', args, ctx)) method = 'node-gyp';
    }
    const built = path.join(pkgDir, 'build', 'Release', 'better_sqlite3.node');
    if (!method || !fs.existsSync(built)) {
      throw new Error(
        `Could not build better-sqlite3 for ${runtime} ${version}: both the prebuilt download and the ` +
          `compile failed (they need the network). Last lines of ${out.log}:\n${tail(out.log)}`,
      );
    }
    // Copy then rename: the shell must never load a half-written addon.
    fs.copyFileSync(built, `${out.file}.partial`);
    fs.renameSync(`${out.file}.partial`, out.file);
    log(`better-sqlite3 for ${runtime} ${version} built with ${method}: ${out.file}`);
    return { file: out.file, method };
  } finally {
    fs.closeSync(logFd);
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/** `--name value` from the command line. */
const flag = (/** @type {string[]} */ argv, /** @type {string} */ name) => {
  const i = argv.indexOf(name);
  return i === -1 ? undefined : argv[i + 1];
};

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const argv = process.argv.slice(2);
  try {
    const { file, method } = buildElectronAddon({
      force: argv.includes('--force'),
      version: flag(argv, '--target'),
      arch: flag(argv, '--arch'),
    });
    if (method === 'already built') process.stderr.write(`Already built: ${file} (--force rebuilds)\n`);
  } catch (err) {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  }
}
