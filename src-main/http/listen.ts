import type { Control } from '../core/control';
import type { Core } from '../core/create-core';
import type { HttpServerKind } from '../net/servers';
import { reserve, type Reserved } from '../net/reserve';
import { maybeTls, type ServerSecrets } from '../net/tls/tls-front';
import { consoleControl } from './console-control';
import { controlServer } from './control/control-server';
import { customerServer } from './customer/customer-server';
import { hostRuleFor } from './host-check';
import { integratorServer } from './integrator/integrator-server';
import { listenBacklog, shedLoad, type ConnectionLimits } from './load-shed';
import { checkoutRefusal } from './provider/checkout-errors';
import { providerApp } from './provider/provider-app';
import { appServer, close, type Listener } from './serve';

type ListenerName = 'api' | 'console' | 'integrator' | 'checkout';

export interface ListenOptions {
  host: string;
  ports: Record<ListenerName, number>;
  /** The built embedded checkout (bootstrap.js, frame.js, frame.css); null serves its pages without script. */
  checkoutAssetsDir: string | null;
  /** Which server serves the provider API and the fake integrator (default `own`); the others are node:http. */
  http?: HttpServerKind;
  /** Names every listener answers to besides localhost, IP addresses and `host` (config `allowed_hosts`). */
  allowedHosts?: readonly string[];
  /**
   * The console listener (browser mode): the control API plus the built renderer, if any.
   * Omitted in Electron, where the window is the console and IPC carries the control contract.
   */
  console?: { rendererDir: string | null };
  /**
   * `--tls`: the provider API, the fake integrator and the embedded checkout answer https with this
   * certificate. The console stays http: it listens on loopback for the operator's own browser and carries
   * no merchant traffic (docs/running.md, HTTPS).
   */
  tls?: ServerSecrets | null;
  /** Each listener's connection budget (load-shed.ts); the defaults when omitted. */
  connections?: ConnectionLimits;
}

/** The listeners' ports, bound before the core is built: their URLs are known, nothing answers yet. */
export interface ListenerSockets {
  /** Each listener's URL ('' for the console when it has no listener). */
  urls: Record<ListenerName, string>;
  sockets: Record<Exclude<ListenerName, 'console'>, Reserved> & { console: Reserved | null };
  /** Frees the ports when the start fails before the listeners are served. */
  close(): Promise<void>;
}

export interface Listeners {
  urls: Record<ListenerName, string>;
  /**
   * The control contract as the console calls it (console-control.ts): its calls as the merchant go through
   * this provider API, the same path as the merchant's: routes, checks, the log. Electron's IPC takes it.
   */
  control: Control;
  close(): Promise<void>;
}

/** An address as a URL (an IPv6 host in brackets); https for a listener behind TLS. */
export const urlOf = (host: string, port: number, secure = false) =>
  `${secure ? 'https' : 'http'}://${host.includes(':') ? `[${host}]` : host}:${port}`;

/**
 * Binds every listener's port (a port of 0 picks a free one); if one fails, those bound are freed again.
 * The console's only when `opts.console` is given.
 */
export async function reserveListeners(
  opts: Pick<ListenOptions, 'host' | 'ports' | 'console' | 'tls' | 'connections'>,
): Promise<ListenerSockets> {
  const bound: Reserved[] = [];
  const backlog = listenBacklog(opts.connections);
  const take = async (port: number) => {
    const r = await reserve(opts.host, port, backlog);
    bound.push(r);
    return r;
  };
  const freeAll = async () => {
    await Promise.all(bound.map((r) => r.close()));
  };
  try {
    const sockets = {
      api: await take(opts.ports.api),
      integrator: await take(opts.ports.integrator),
      checkout: await take(opts.ports.checkout),
      console: opts.console ? await take(opts.ports.console) : null,
    };
    const secure = !!opts.tls;
    const url = (r: Reserved | null, tls = secure) => (r ? urlOf(opts.host, r.port, tls) : '');
    return {
      urls: {
        api: url(sockets.api),
        console: url(sockets.console, false),
        integrator: url(sockets.integrator),
        checkout: url(sockets.checkout),
      },
      sockets,
      close: freeAll,
    };
  } catch (err) {
    await freeAll();
    throw err;
  }
}

/**
 * Builds each listener's app on the core and hands it its bound socket, all at once (nothing awaited in
 * between, so no request waits on a socket without its server): the provider API, the fake integrator,
 * the embedded checkout, and the console with its control (console-control.ts) in browser mode.
 */
export function serveListeners(
  core: Core,
  bound: ListenerSockets,
  opts: Omit<ListenOptions, 'ports'>,
): Listeners {
  const http = opts.http ?? 'own';
  const provider = providerApp(core);
  const control = consoleControl(core, (call) => provider.handle(call));
  // One Host rule for every listener (host-check.ts): the API and the integrator refuse a foreign name too.
  const hostRule = hostRuleFor(opts.host, opts.allowedHosts);
  // The budget sits on the HTTP server itself, behind TLS when there is TLS: it counts connections whose
  // handshake is done and refuses past the budget in https, as the client expects.
  const budgeted = (name: Parameters<typeof shedLoad>[0], server: Listener) => {
    shedLoad(name, server, opts.connections);
    return server;
  };
  const secure = (server: Listener) => maybeTls(server, opts.tls ?? null) as Listener;
  const servers: [Reserved, Listener][] = [
    [
      bound.sockets.api,
      secure(budgeted('api', appServer(provider, { http, refusal: checkoutRefusal, hosts: hostRule }))),
    ],
    [
      bound.sockets.integrator,
      secure(budgeted('integrator', integratorServer(core, { http, hosts: hostRule }))),
    ],
    [
      bound.sockets.checkout,
      secure(budgeted('checkout', customerServer(core, opts.checkoutAssetsDir, hostRule) as Listener)),
    ],
  ];
  if (bound.sockets.console && opts.console) {
    const consoleServer = controlServer(core, control, opts.console.rendererDir, hostRule);
    servers.push([bound.sockets.console, budgeted('console', consoleServer)]);
  }
  for (const [socket, server] of servers) socket.handTo(server);
  return {
    urls: bound.urls,
    control,
    close: async () => {
      await Promise.all(servers.map(([, s]) => close(s)));
    },
  };
}

/** Binds and serves every listener of an existing core (a test's; the shells bind before the core). */
export async function startListeners(core: Core, opts: ListenOptions): Promise<Listeners> {
  return serveListeners(core, await reserveListeners(opts), opts);
}
