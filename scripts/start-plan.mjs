// @ts-check
// The decisions behind `npm start`, as pure functions (the world is passed in), so they are unit-tested
// (start-plan.test.ts) apart from the processes start.mjs spawns. Plain .mjs: Node 20 cannot run .ts.
import path from 'node:path';

/** The one line start.mjs prints when it falls back to the browser for want of Electron. */
export const NO_ELECTRON_LINE =
  'Electron binary not installed (installed with ELECTRON_SKIP_BINARY_DOWNLOAD?): starting browser mode instead.';

/**
 * The Electron executable, or null. The `electron` package's main module throws when its binary was never
 * downloaded (path.txt missing), and returns a path that may still not exist (a deleted dist/).
 * @param {(id: string) => unknown} requireFn
 * @param {(file: string) => boolean} exists
 * @returns {string | null}
 */
export function findElectronBinary(requireFn, exists) {
  try {
    const file = requireFn('electron');
    return typeof file === 'string' && exists(file) ? file : null;
  } catch {
    return null;
  }
}

/**
 * Splits start.mjs's own flags from those passed through to the app (`serve`'s flags, which the
 * Electron shell reads as well).
 * @param {readonly string[]} argv
 * @returns {{ forceBrowser: boolean, noOpen: boolean, help: boolean, passthrough: string[] }}
 */
export function splitStartArgs(argv) {
  const own = { forceBrowser: false, noOpen: false, help: false };
  /** @type {string[]} */
  const passthrough = [];
  for (const arg of argv) {
    if (arg === '--browser') own.forceBrowser = true;
    else if (arg === '--no-open') own.noOpen = true;
    else if (arg === '--help' || arg === '-h') own.help = true;
    else passthrough.push(arg);
  }
  return { ...own, passthrough };
}

/** Linux without X11 or Wayland has no screen for a window (or a browser) to appear on. */
const hasDisplay = (/** @type {string} */ platform, /** @type {Record<string, string | undefined>} */ env) =>
  platform !== 'linux' || Boolean(env.DISPLAY || env.WAYLAND_DISPLAY);

/**
 * Electron or the browser, and the one line to print when falling back (null: nothing to say).
 * @param {{ electronPath: string | null, forceBrowser: boolean, platform: string, env: Record<string, string | undefined> }} input
 * @returns {{ mode: 'electron', electronPath: string } | { mode: 'browser', notice: string | null }}
 */
export function decideMode({ electronPath, forceBrowser, platform, env }) {
  if (forceBrowser) return { mode: 'browser', notice: null };
  if (!electronPath) return { mode: 'browser', notice: NO_ELECTRON_LINE };
  if (!hasDisplay(platform, env)) {
    return {
      mode: 'browser',
      notice: 'No display (DISPLAY and WAYLAND_DISPLAY unset): starting browser mode instead.',
    };
  }
  return { mode: 'electron', electronPath };
}

/**
 * Whether to open the console in the user's browser: not when asked not to, not on CI, not without a
 * screen (xdg-open would start a text browser in the terminal).
 * @param {{ noOpen: boolean, platform: string, env: Record<string, string | undefined> }} input
 */
export function shouldOpenBrowser({ noOpen, platform, env }) {
  return !noOpen && !env.CI && !env.CHECKOUT_SIM_NO_OPEN && hasDisplay(platform, env);
}

/**
 * The command that opens a URL in the default browser on this platform.
 * @param {string} platform
 * @param {string} url
 * @returns {{ command: string, args: string[] }}
 */
export function openerFor(platform, url) {
  if (platform === 'darwin') return { command: 'open', args: [url] };
  // `start` is a cmd built-in; its first quoted argument is a window title, hence the empty "".
  if (platform === 'win32') return { command: 'cmd', args: ['/c', 'start', '""', url] };
  return { command: 'xdg-open', args: [url] };
}

/**
 * Parses `serve`'s ready line (`{"event":"ready","api":…,"console":…,"integrator":…}`); null for any
 * other line.
 * @param {string} line
 * @returns {{ api: string, console: string, integrator: string } | null}
 */
export function parseReadyLine(line) {
  let value;
  try {
    value = JSON.parse(line);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object' || value.event !== 'ready') return null;
  const { api, console, integrator, checkout = '', shop = '' } = value;
  const all = [api, console, integrator, checkout, shop];
  return all.every((u) => typeof u === 'string') ? { api, console, integrator, checkout, shop } : null;
}

/**
 * Where the better-sqlite3 build for one Electron version lives; the same naming as
 * src-main/store/native-binding.ts (a test holds the two together).
 * @param {string} root
 * @param {string} version
 * @param {string} platform
 * @param {string} arch
 */
export function electronAddonPaths(root, version, platform, arch) {
  const dir = path.join(root, '.native', `electron-${version}-${platform}-${arch}`);
  return { dir, file: path.join(dir, 'better_sqlite3.node'), log: path.join(dir, 'build.log') };
}

/**
 * Where node-gyp may be: a project dependency first, then the copy inside npm (found from the npm that
 * runs us, `npm_execpath`, or from the npm installed beside node).
 * @param {{ root: string, npmExecPath?: string, execPath: string, platform: string }} input
 * @returns {string[]}
 */
export function nodeGypCandidates({ root, npmExecPath, execPath, platform }) {
  const inNpm = (/** @type {string} */ npmDir) =>
    path.join(npmDir, 'node_modules', 'node-gyp', 'bin', 'node-gyp.js');
  const out = [path.join(root, 'node_modules', 'node-gyp', 'bin', 'node-gyp.js')];
  // npm_execpath is …/npm/bin/npm-cli.js when an npm script runs us.
  if (npmExecPath && /npm-cli\.js$/.test(npmExecPath))
    out.push(inNpm(path.dirname(path.dirname(npmExecPath))));
  const nodeDir = path.dirname(execPath);
  out.push(
    platform === 'win32'
      ? inNpm(path.join(nodeDir, 'node_modules', 'npm'))
      : inNpm(path.join(nodeDir, '..', 'lib', 'node_modules', 'npm')),
  );
  return [...new Set(out)];
}

/**
 * The environment for building the addon. npm's `nodedir` setting (set on these machines, and exported
 * to scripts as npm_config_nodedir) would make node-gyp compile against Node's headers instead of
 * Electron's, producing an addon that loads in neither; other npm_config_ build settings are dropped
 * for the same reason.
 * @param {Record<string, string | undefined>} env
 */
export function addonBuildEnv(env) {
  /** @type {Record<string, string | undefined>} */
  const out = {};
  for (const [k, v] of Object.entries(env)) {
    if (/^npm_config_(nodedir|target|runtime|arch|disturl|dist_url|build_from_source)$/i.test(k)) continue;
    out[k] = v;
  }
  return out;
}
