import { DB_FILE, type Ports, type SimConfig } from '@shared/schemas/config.schema';
import { accessSync, constants, existsSync, mkdirSync } from 'node:fs';
import type { Server } from 'node:net';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SimClock } from '../core/clock/sim-clock';
import type { Control } from '../core/control';
import { createCore, type Core } from '../core/create-core';
import type { RuntimeInfo } from '../core/runtime-info';
import { keepHeapSmall } from '../core/heap-tuning';
import type { Logger } from '../core/log';
import {
  reserveListeners,
  serveListeners,
  urlOf,
  type ListenerSockets,
  type Listeners,
} from '../http/listen';
import { inRequestScope, scopeEveryRequest } from '../http/request-scope';
import { reserve, type Reserved } from '../net/reserve';
import { SERVER_NAMES, type HttpServerKind } from '../net/servers';
import { DbFileError } from '../store/db-file-error';
import { acquireInstanceLock, FolderInUseError, type InstanceLock } from '../store/instance-lock';
import { openStore } from '../store/store';
import { withPortFallback } from './port-fallback';
import {
  dataDirError,
  dbFileError,
  folderInUseError,
  portInUseError,
  portPrivilegeError,
  StartupError,
} from './startup-error';
import { bootTls, type BootTls, type TlsOptions } from './boot-tls';
import { maybeTls } from '../net/tls/tls-front';
import { trustingFetch, type FetchLike } from '../net/tls/trusting-fetch';
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
  /** Where the sample shop's own lines go (`[shop] …`); `log` unless given (`explore --quiet`: nowhere). */
  shopLog?: Pick<Logger, 'info' | 'warn'>;
  /** Which server serves the provider API and the fake integrator (`serve --http`); else config's `http`, else `own`. */
  http?: HttpServerKind;
  /**
   * HTTPS (`serve --tls`): the provider API, the fake integrator, the embedded checkout and the sample shop
   * answer https, with the user's own certificate or one of the data folder's local CA (boot-tls.ts).
   * Absent or null: plain http. The console stays http (docs/running.md, HTTPS).
   */
  tls?: TlsOptions | null;
  /** `--merchant-ca`: the PEM file of a CA the merchant's https servers' certificates chain to. */
  merchantCa?: string | null;
}

/** What shop/server.mjs exports: the sample shop is plain JavaScript and knows the simulator only by URL. */
interface ShopModule {
  startShop(o: {
    apiUrl: string;
    credentials: { username: string; password: string };
    host: string;
    /** Names it answers to besides localhost, IP addresses and `host` (config `allowed_hosts`). */
    allowedHosts: readonly string[];
    /** How its server starts listening: here, on the port bound for it before the core (resolves the port). */
    listen: (server: Server) => Promise<number>;
    /** Its listener is behind TLS: its own URL (merchant_urls) is https. */
    secure?: boolean;
    /** Its client's fetch (one that trusts the local CA under `--tls`). */
    fetch?: FetchLike;
    log: { info(m: string): void; warn(m: string): void };
  }): Promise<{ url: string; close(): Promise<void> }>;
}

/**
 * The sample shop's module, loaded by path at run time (not bundled: it reads its own stylesheet and
 * script next to its module); null without it.
 */
async function loadShop(o: BootOptions): Promise<ShopModule | null> {
  if (!o.shopModule || !existsSync(o.shopModule)) {
    if (o.shopModule) o.log.warn(`the sample shop is not at ${o.shopModule}: starting without it`);
    return null;
  }
  return (await import(pathToFileURL(o.shopModule).href)) as ShopModule;
}

/** The names every listener answers to beyond localhost and IP addresses: the config's, and the TLS certificate's. */
const allowedHostsOf = (o: Pick<BootOptions, 'config' | 'tls'>): string[] => [
  ...(o.config.allowed_hosts ?? []),
  ...(o.tls?.names ?? []),
];

/** Starts the sample shop on its bound port against the simulator's API, as a merchant's server would run. */
function startShop(
  o: BootOptions,
  shop: ShopModule,
  socket: Reserved,
  apiUrl: string,
  credentials: Booted['core']['config']['credentials'],
  tls: BootTls,
) {
  const { identity } = tls;
  const shopLog = o.shopLog ?? o.log;
  // The shop runs in this process: everything it starts, and each of its requests, is in its scope, so
  // an exception escaping its code is contained there (request-scope.ts) instead of stopping the simulator.
  return inRequestScope({ listener: 'sample shop' }, () =>
    shop.startShop({
      apiUrl,
      credentials,
      host: o.host,
      allowedHosts: allowedHostsOf(o),
      listen: (server) => {
        scopeEveryRequest(server, 'sample shop');
        socket.handTo(maybeTls(server, identity));
        return Promise.resolve(socket.port);
      },
      ...(identity ? { secure: true } : {}),
      ...(identity?.caCert ? { fetch: trustingFetch([identity.caCert]) } : {}),
      log: { info: (m) => shopLog.info(m), warn: (m) => shopLog.warn(m) },
    }),
  );
}

export interface Booted {
  core: Core;
  /** The control contract as the console calls it, `merchant.request` included (http/console-control.ts). */
  control: Control;
  urls: RuntimeInfo['urls'];
  /** `--tls`: the local CA's certificate file a client trusts (null with the user's own certificate). */
  tls: { caFile: string | null } | null;
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
  const tls = bootTls(o);
  const tlsInfo = tls.identity ? { caFile: tls.identity.caFile } : null;
  let store: ReturnType<typeof openStore>;
  try {
    store = openStore(join(o.dataDir, DB_FILE), {
      ...(o.nativeBinding ? { nativeBinding: o.nativeBinding } : {}),
      warn: (m) => o.log.warn(m),
    });
  } catch (err) {
    throw err instanceof DbFileError ? dbFileError(err) : err;
  }
  const http = o.http ?? o.config.http ?? 'own';
  const listening = {
    host: o.host,
    checkoutAssetsDir: o.checkoutAssetsDir,
    http,
    tls: tls.identity,
    allowedHosts: allowedHostsOf(o),
    ...(o.console ? { console: o.console } : {}),
    connections: {
      max_connections: o.config.max_connections,
      test_helpers_connections: o.config.test_helpers_connections,
    },
  };
  // Every port is bound before the core is built, so the core is given its URLs as a plain value; the
  // servers are handed their sockets once their apps are built on it (http/listen.ts, net/reserve.ts).
  let sockets: ListenerSockets | undefined;
  let shopSocket: Reserved | null;
  let shopModule: ShopModule | null;
  try {
    shopModule = await loadShop(o);
    const reserveAll = (ports: Ports) => reserveListeners({ ...listening, ports });
    sockets = o.onPortFallback
      ? await withPortFallback(reserveAll, o.ports, o.onPortFallback)
      : await reserveAll(o.ports);
    // The shop's port as before: its own, also when the listeners fell back to free ports.
    shopSocket = shopModule ? await reserve(o.host, o.ports.shop) : null;
  } catch (err) {
    await sockets?.close();
    await store.exchangeWriter.close();
    store.db.close();
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw portInUseError(err, o.ports);
    throw code === 'EACCES' ? portPrivilegeError(err, o.ports) : err;
  }
  const urls = { ...sockets.urls, shop: shopSocket ? urlOf(o.host, shopSocket.port, !!tls.identity) : '' };
  // The simulator clock, stored in the database: a restart resumes its mode, speed and time.
  const core = createCore({
    ...store,
    clock: new SimClock(store.db),
    log: o.log,
    config: o.config,
    runtime: { mode: o.mode, dataDir: o.dataDir, urls, ...(tlsInfo ? { tls: tlsInfo } : {}) },
    trust: tls.trust,
  });
  let listeners: Listeners | undefined;
  let shop: Awaited<ReturnType<typeof startShop>> | null = null;
  try {
    listeners = serveListeners(core, sockets, listening);
    if (shopModule && shopSocket)
      shop = await startShop(o, shopModule, shopSocket, urls.api, core.config.credentials, tls);
  } catch (err) {
    await listeners?.close();
    await sockets.close();
    await shopSocket?.close();
    await core.close();
    throw err;
  }
  lock.recordUrls(urls);
  o.log.info(`provider API and fake integrator served by ${SERVER_NAMES[http]}`);
  core.runner.start();
  return {
    core,
    control: listeners.control,
    urls,
    tls: tlsInfo,
    stop: async () => {
      try {
        await shop?.close();
        await listeners.close();
        await core.close();
      } finally {
        lock.release();
      }
    },
  };
}
