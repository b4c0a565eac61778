#!/usr/bin/env node
// @ts-check
// `npm start`: the desktop app when Electron is installed, else the same console in the browser.
//
//   npm start [-- --browser] [-- --no-open] [-- <serve flags: --port N --data-dir DIR --config FILE …>]
//
// Builds out/ when missing or stale, then either launches Electron (after making sure better-sqlite3
// has an Electron build in .native/) or runs `serve` and opens its console URL. The decisions live in
// start-plan.mjs, where they are tested.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { ensureBuilt } from './ensure-built.mjs';
import { buildElectronAddon, installedElectronVersion } from './native-addon.mjs';
import {
  decideMode,
  electronAddonPaths,
  findElectronBinary,
  openerFor,
  parseReadyLine,
  shouldOpenBrowser,
  splitStartArgs,
} from './start-plan.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const say = (/** @type {string} */ line) => process.stderr.write(`${line}\n`);

const USAGE = `Usage: npm start [-- [--browser] [--no-open] [serve flags]]

  --browser   run in the browser even when Electron is installed
  --no-open   print the console URL without opening a browser (also CI=1 or CHECKOUT_SIM_NO_OPEN=1)
  Other flags go to the app: --port N, --host H, --data-dir DIR, --config FILE, --quiet, --verbose
  (see \`npm run serve -- --help\`).`;

/** Sends Ctrl+C and kill on to the child, so it shuts down cleanly (closing SQLite) before we exit. */
function forwardSignals(/** @type {import('node:child_process').ChildProcess} */ child) {
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) {
    process.on(signal, () => {
      if (child.exitCode === null) child.kill(signal);
    });
  }
  // The shell convention: a child killed by a signal exits 128 + its number.
  child.on('exit', (code, signal) => process.exit(code ?? 128 + (signal ? os.constants.signals[signal] : 0)));
  // Under npm, `kill <npm's pid>` stops npm's script shell and not this process, which would be left
  // running with the server: when the parent goes, stop the child as if the signal had come here.
  if (process.env.npm_lifecycle_event) {
    const parent = process.ppid;
    const watch = setInterval(() => {
      if (process.ppid === parent) return;
      clearInterval(watch);
      if (child.exitCode === null) child.kill('SIGTERM');
    }, 250);
    watch.unref();
  }
}

/** Opens the URL in the default browser; a missing opener or a failure is silently ignored. */
function openInBrowser(/** @type {string} */ url) {
  const { command, args } = openerFor(process.platform, url);
  try {
    const child = spawn(command, args, { stdio: 'ignore', detached: true, windowsHide: true });
    child.on('error', () => undefined);
    child.unref();
  } catch {
    // No opener on this machine: the URL is printed anyway.
  }
}

/** Runs the headless server with the built console and points the user (and their browser) at it. */
function startBrowserMode(/** @type {string[]} */ args, /** @type {boolean} */ noOpen) {
  const cli = path.join(ROOT, 'out', 'main', 'cli.js');
  const child = spawn(process.execPath, [cli, 'serve', ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  forwardSignals(child);
  let ready = false;
  readline
    .createInterface({ input: /** @type {import('node:stream').Readable} */ (child.stdout) })
    .on('line', (line) => {
      const urls = ready ? null : parseReadyLine(line);
      if (!urls) {
        process.stdout.write(`${line}\n`);
        return;
      }
      ready = true;
      const url = urls.console || urls.api;
      const lines = [
        ['Console', url],
        ['Sample shop', urls.shop],
        ['API (Basic auth)', urls.api],
        ['Embedded checkout', urls.checkout],
        ['Fake integrator', urls.integrator],
      ];
      for (const [what, where] of lines)
        if (where) process.stdout.write(`${`${what}:`.padEnd(19)} ${where}\n`);
      if (urls.console && shouldOpenBrowser({ noOpen, platform: process.platform, env: process.env })) {
        openInBrowser(url);
      }
    });
}

/** Makes sure better-sqlite3 has an Electron build; null (with the reason printed) when it cannot. */
function ensureElectronAddon() {
  const version = installedElectronVersion(ROOT);
  const { file } = electronAddonPaths(ROOT, version, process.platform, process.arch);
  if (fs.existsSync(file)) return file;
  try {
    return buildElectronAddon({ root: ROOT, version }).file;
  } catch (err) {
    say(err instanceof Error ? err.message : String(err));
    return null;
  }
}

function startElectron(
  /** @type {string} */ electronPath,
  /** @type {string} */ addon,
  /** @type {string[]} */ args,
) {
  const env = { ...process.env, CHECKOUT_SIM_NATIVE_BINDING: addon };
  // Set in a parent Electron process (or by hand), it would make the binary behave as plain Node.
  delete env.ELECTRON_RUN_AS_NODE;
  const child = spawn(electronPath, [ROOT, ...args], { cwd: ROOT, env, stdio: 'inherit' });
  forwardSignals(child);
}

function main() {
  const opts = splitStartArgs(process.argv.slice(2));
  if (opts.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  ensureBuilt(ROOT);
  const electronPath = findElectronBinary(createRequire(import.meta.url), fs.existsSync);
  const plan = decideMode({
    electronPath,
    forceBrowser: opts.forceBrowser,
    platform: process.platform,
    env: process.env,
  });
  if (plan.mode === 'browser') {
    if (plan.notice) say(plan.notice);
    startBrowserMode(opts.passthrough, opts.noOpen);
    return;
  }
  const addon = ensureElectronAddon();
  if (!addon) {
    say('No better-sqlite3 build for Electron (see above): starting browser mode instead.');
    startBrowserMode(opts.passthrough, opts.noOpen);
    return;
  }
  startElectron(plan.electronPath, addon, opts.passthrough);
}

main();
