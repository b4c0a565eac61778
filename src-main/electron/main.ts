/*
 * The Electron entry (out/main/electron.js). Thin on purpose: it wires the same core and listeners the
 * headless `serve` uses, shows the console in a window instead of serving it over HTTP, and carries the
 * control contract over IPC. Every behaviour lives below, where it runs and is tested without Electron.
 */
import { app, type BrowserWindow, dialog, ipcMain, session } from 'electron';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inspect } from 'node:util';
import { boot, type Booted } from '../boot/boot';
import { stderrLogger } from '../core/log';
import { containRequestErrors } from '../http/request-scope';
import { pickNativeBinding } from '../store/native-binding';
import { attachControlIpc } from './ipc';
import { parseShellArgs, type ShellArgs } from './shell-config';
import { loadConfig } from '../core/config-file';
import { APP_DIR_NAME, portsFor } from '@shared/schemas/config.schema';
import { createMainWindow, hardenSession, rendererUrlOf } from './window';

// The same file name and folder as the headless `serve` (cli/serve.ts, cli/data-dir.ts), so the desktop
// app and browser mode share one database. Electron would otherwise name the folder after package.json.
const DEFAULT_HOST = '127.0.0.1';

// Resolved from this bundle (out/main/electron.js), so it holds in development and when packaged.
const outDir = fileURLToPath(new URL('..', import.meta.url));
const windowPaths = {
  preload: path.join(outDir, 'preload', 'preload.cjs'),
  indexHtml: path.join(outDir, 'renderer', 'index.html'),
};
const rendererUrl = rendererUrlOf(windowPaths);
const log = stderrLogger();
const args = ((): ShellArgs => {
  try {
    return parseShellArgs(process.argv.slice(1));
  } catch (err) {
    // A usage error, as `serve` reports it (exit 64), before any window or dialog exists.
    process.stderr.write(`checkout-sim: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(64);
  }
})();

let booted: Booted | undefined;
let detachIpc: (() => void) | undefined;
let mainWindow: BrowserWindow | null = null;

function showWindow(): void {
  if (mainWindow && !mainWindow.isDestroyed()) {
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
    return;
  }
  mainWindow = createMainWindow(windowPaths);
  mainWindow.on('closed', () => (mainWindow = null));
}

async function start(): Promise<void> {
  const dataDir = app.getPath('userData');
  fs.mkdirSync(dataDir, { recursive: true });
  const binding = pickNativeBinding({
    runtime: process.versions,
    platform: process.platform,
    arch: process.arch,
    root: app.getAppPath(),
    exists: fs.existsSync,
    override: process.env.CHECKOUT_SIM_NATIVE_BINDING,
  });
  if (!binding.ok) throw new Error(binding.reason);
  log.info(binding.reason);

  const config = loadConfig(args.configFile);
  // No request, however hostile, stops the app: see request-scope.ts.
  containRequestErrors(log);
  booted = await boot({
    mode: 'electron',
    dataDir,
    config,
    log,
    host: args.host ?? config.host ?? DEFAULT_HOST,
    ports: portsFor(args.port, config),
    checkoutAssetsDir: path.join(outDir, 'checkout'),
    shopModule: path.join(outDir, '..', 'shop', 'server.mjs'),
    nativeBinding: binding.path,
    onPortFallback: () => log.warn('a configured port is in use: listening on free ports instead'),
  });
  const started = booted.core;
  const { urls } = booted;
  log.info(
    `API: ${urls.api}  integrator: ${urls.integrator}  checkout: ${urls.checkout}  shop: ${urls.shop}`,
  );
  log.info(`data: ${dataDir}`);

  hardenSession(session.defaultSession, rendererUrl);
  detachIpc = attachControlIpc(ipcMain, {
    core: { control: booted.control, events: started.events },
    rendererUrl,
    isOurWebContents: (wc) =>
      mainWindow !== null && !mainWindow.isDestroyed() && mainWindow.webContents === wc,
    log: (m) => log.warn(m),
  });
  showWindow();
}

/** Closes the listeners, then the core (flushing the exchange log, closing SQLite), each at most once. */
async function shutdown(): Promise<void> {
  detachIpc?.();
  detachIpc = undefined;
  const b = booted;
  booted = undefined;
  await b?.stop().catch((err: unknown) => log.error('closing the simulator failed', err));
}

/** One line on stderr and in a dialog (a StartupError says what to do); the trace only with --verbose. */
function fail(err: unknown): void {
  const message = err instanceof Error ? err.message : String(err);
  log.error(`Checkout Simulator could not start: ${message}`);
  if (args.verbose) process.stderr.write(`${inspect(err)}\n`);
  dialog.showErrorBox('Checkout Simulator could not start', message);
  void shutdown().finally(() => app.exit(1));
}

// Applied before `ready`, when Electron settles its folders.
app.setName(APP_DIR_NAME);
app.setPath(
  'userData',
  args.dataDir ? path.resolve(args.dataDir) : path.join(app.getPath('appData'), APP_DIR_NAME),
);

// One instance per data folder. boot() holds the folder's lock against any other start (serve, browser
// mode); Electron's own lock on its userData folder lets a second desktop app bring the first one's
// window forward instead of failing.
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', showWindow);
  // macOS keeps apps without windows alive; reopening from the dock brings the console back.
  app.on('activate', () => booted && showWindow());
  // The servers exist for the console: closing its window ends the simulator on every platform.
  app.on('window-all-closed', () => app.quit());

  let quitting: 'no' | 'closing' | 'closed' = 'no';
  app.on('will-quit', (event) => {
    if (quitting === 'closed') return;
    // Hold the quit until the sockets and the database are closed, then quit for real.
    event.preventDefault();
    if (quitting === 'closing') return;
    quitting = 'closing';
    void shutdown().finally(() => {
      quitting = 'closed';
      app.quit();
    });
  });
  // npm start forwards Ctrl+C and kill as signals; take the same clean path as closing the window.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => app.quit());

  app.whenReady().then(start).catch(fail);
}
