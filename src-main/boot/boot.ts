import { DB_FILE, type Ports, type SimConfig } from '@shared/schemas/config.schema';
import { accessSync, constants, existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SimClock } from '../core/clock/sim-clock';
import type { Control } from '../core/control';
import { createCore, type Core } from '../core/create-core';
import { notListening, ShellInfo, type RuntimeInfo } from '../core/runtime-info';
import { keepHeapSmall } from '../core/heap-tuning';
import type { Logger } from '../core/log';
import { startListeners, type Listeners } from '../http/listen';
import { inRequestScope } from '../http/request-scope';
import { SERVER_NAMES, type HttpServerKind } from '../net/servers';
import { DbFileError } from '../store/db-file-error';
import { acquireInstanceLock, FolderInUseError, type InstanceLock } from '../store/instance-lock';
import { openStore } from '../store/store';
import { withPortFallback } from './port-fallback';
import { dataDirError, dbFileError, folderInUseError, portInUseError, StartupError } from './startup-error';
import { diskFullStartLine, isDiskFull } from '../store/disk-full';

export interface BootOptions {
  mode: RuntimeInfo['mode'];
  dataDir: string;
  config: SimConfig;
  log: Logger;
  host: string;
  ports: Ports;
  /** Browser mode: the console listener with the built renderer. Electron shows it in its window instead. */
  console?: { rendererDir: string | null };
  /** The built embedded checkout (out/checkout). */
  checkoutAssetsDir: string | null;
  /** A separately built better-sqlite3 (Electron's), see store/native-binding.ts. */
  nativeBinding?: string;
  /** When a port is taken, listen on free ports instead (the desktop app should open rather than fail). */
  onPortFallback?: (err: unknown) => void;
  /** The sample shop's module (shop/server.mjs), started beside the simulator; null: no shop. */
  shopModule: string | null;
  /** Which server serves the provider API and the fake integrator (`serve --http`); else config's `http`, else `own`. */
  http?: HttpServerKind;
}

/** What shop/server.mjs exports: the sample shop is plain JavaScript and knows the simulator only by URL. */
interface ShopModule {
  startShop(o: {
    apiUrl: string;
    credentials: { username: string; password: string };
    host: string;
    port: number;
    log: { info(m: string): void; warn(m: string): void };
  }): Promise<{ url: string; close(): Promise<void> }>;
}

/**
 * Starts the sample shop against the simulator's API, as a merchant's server would run beside it. It is
 * loaded by path at run time (not bundled): it reads its own stylesheet and script next to its module.
 */
async function startShop(
  o: BootOptions,
  apiUrl: string,
  credentials: Booted['core']['config']['credentials'],
) {
  if (!o.shopModule || !existsSync(o.shopModule)) {
    if (o.shopModule) o.log.warn(`the sample shop is not at ${o.shopModule}: starting without it`);
    return null;
  }
  const shop = (await import(pathToFileURL(o.shopModule).href)) as ShopModule;
  // The shop runs in this process: everything its listener starts is in its scope, so an exception
  // escaping its code is contained there (request-scope.ts) instead of stopping the simulator.
  return inRequestScope({ listener: 'sample shop' }, () =>
    shop.startShop({
      apiUrl,
      credentials,
      host: o.host,
      port: o.ports.shop,
      log: { info: (m) => o.log.info(m), warn: (m) => o.log.warn(m) },
    }),
  );
}

export interface Booted {
  core: Core;
  /** The control contract as the console calls it, `merchant.request` included (http/console-control.ts). */
  control: Control;
  urls: RuntimeInfo['urls'];
  /** Closes the listeners, then the core (timers, the exchange log, SQLite). */
  stop(): Promise<void>;
}

/**
 * Creates the data folder, checks it can be written (SQLite would only say "unable to open database
 * file"), and takes its lock: one simulator per folder (store/instance-lock.ts).
 */
function holdDataDir(o: BootOptions): InstanceLock {
  try {
    mkdirSync(o.dataDir, { recursive: true });
    accessSync(o.dataDir, constants.W_OK);
  } catch (err) {
    throw dataDirError(o.dataDir, err);
  }
  try {
    return acquireInstanceLock(o.dataDir, o.nativeBinding ? { nativeBinding: o.nativeBinding } : {});
  } catch (err) {
    if (err instanceof FolderInUseError) throw folderInUseError(err);
    throw dataDirError(o.dataDir, err);
  }
}

/**
 * Starts the simulator: the data folder's lock, the store, the core, every listener, then the timers.
 * The one start-up of both shells (the headless CLI and the Electron main process), which add nothing
 * to it but their window. What the user can fix (a folder in use or not writable, a damaged or
 * unreadable database file, a port in use) is thrown as a one-line StartupError.
 */
export async function boot(o: BootOptions): Promise<Booted> {
  keepHeapSmall();
  const lock = holdDataDir(o);
  try {
    return await startHeld(o, lock);
  } catch (err) {
    // Whatever failed, the folder is free again for the next start (in this process too: the shells'
    // tests and the desktop app's retry).
    lock.release();
    // A full disk met anywhere in the start (a migration, the log's new file) is said in one line.
    throw isDiskFull(err) && !(err instanceof StartupError)
      ? new StartupError(diskFullStartLine(resolve(o.dataDir)), err)
      : err;
  }
}

/** The start-up behind the data folder's lock; `stop()` gives the lock up last. */
async function startHeld(o: BootOptions, lock: InstanceLock): Promise<Booted> {
  let store: ReturnType<typeof openStore>;
  try {
    store = openStore(join(o.dataDir, DB_FILE), {
      ...(o.nativeBinding ? { nativeBinding: o.nativeBinding } : {}),
      warn: (m) => o.log.warn(m),
    });
  } catch (err) {
    throw err instanceof DbFileError ? dbFileError(err) : err;
  }
  // The simulator clock, stored in the database: a restart resumes its mode, speed and time.
  // What the listeners will say once they are up (their URLs, the provider API's handler): the core's
  // one input known only after it is built, since the listeners serve it.
  const shell = new ShellInfo(notListening(store.db.name));
  const core = createCore({ ...store, clock: new SimClock(store.db), log: o.log, config: o.config, shell });
  const http = o.http ?? o.config.http ?? 'own';
  const listen = (ports: Ports) =>
    startListeners(core, {
      host: o.host,
      ports,
      checkoutAssetsDir: o.checkoutAssetsDir,
      http,
      ...(o.console ? { console: o.console } : {}),
    });
  let listeners: Listeners | undefined;
  let shop: Awaited<ReturnType<typeof startShop>> = null;
  try {
    listeners = o.onPortFallback
      ? await withPortFallback(listen, o.ports, o.onPortFallback)
      : await listen(o.ports);
    shop = await startShop(o, listeners.urls.api, core.config.credentials);
  } catch (err) {
    await listeners?.close();
    await core.close();
    throw (err as NodeJS.ErrnoException).code === 'EADDRINUSE' ? portInUseError(err, o.ports) : err;
  }
  const urls = { ...listeners.urls, shop: shop?.url ?? '' };
  lock.recordUrls(urls);
  o.log.info(`provider API and fake integrator served by ${SERVER_NAMES[http]}`);
  shell.listening({ info: { mode: o.mode, dataDir: o.dataDir, urls } });
  core.runner.start();
  return {
    core,
    control: listeners.control,
    urls,
    stop: async () => {
      try {
        await shop?.close();
        await listeners!.close();
        await core.close();
      } finally {
        lock.release();
      }
    },
  };
}
