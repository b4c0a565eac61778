import type { Listener } from './serve';
import type { Core } from '../core/create-core';
import type { Control } from '../core/control';
import type { HttpServerKind } from '../net/servers';
import { consoleControl } from './console-control';
import { controlServer } from './control/control-server';
import { customerServer } from './customer/customer-server';
import { hostRuleFor } from './host-check';
import { integratorServer } from './integrator/integrator-server';
import { providerApp } from './provider/provider-app';
import { appServer, close, listen } from './serve';

export interface ListenOptions {
  host: string;
  ports: { api: number; console: number; integrator: number; checkout: number };
  /** The built embedded checkout (bootstrap.js, frame.js, frame.css); null serves its pages without script. */
  checkoutAssetsDir: string | null;
  /** Which server serves the provider API and the fake integrator (default `own`); the others are node:http. */
  http?: HttpServerKind;
  /**
   * The console listener (browser mode): the control API plus the built renderer, if any.
   * Omitted in Electron, where the window is the console and IPC carries the control contract.
   */
  console?: { rendererDir: string | null };
}

export interface Listeners {
  urls: { api: string; console: string; integrator: string; checkout: string };
  /**
   * The control contract as the console calls it (console-control.ts): its calls as the merchant go through
   * this provider API, the same path as the merchant's: routes, checks, the log. Electron's IPC takes it.
   */
  control: Control;
  close(): Promise<void>;
}

const urlOf = (host: string, port: number) => `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

/** Starts every listener of the simulator; if one fails, those already up are closed again. */
export async function startListeners(core: Core, opts: ListenOptions): Promise<Listeners> {
  const servers: Listener[] = [];
  const start = async (server: Listener, port: number) => {
    servers.push(server);
    return urlOf(opts.host, await listen(server, opts.host, port));
  };
  try {
    const http = opts.http ?? 'own';
    const provider = providerApp(core);
    const control = consoleControl(core, (call) => provider.handle(call));
    const api = await start(appServer(provider, { http }), opts.ports.api);
    const integrator = await start(integratorServer(core, { http }), opts.ports.integrator);
    const checkout = await start(
      customerServer(core, opts.checkoutAssetsDir, hostRuleFor(opts.host)),
      opts.ports.checkout,
    );
    const consoleUrl = opts.console
      ? await start(controlServer(core, control, opts.console.rendererDir), opts.ports.console)
      : '';
    return {
      urls: { api, console: consoleUrl, integrator, checkout },
      control,
      close: async () => {
        await Promise.all(servers.map(close));
      },
    };
  } catch (err) {
    await Promise.all(servers.map((s) => (s.listening ? close(s) : Promise.resolve())));
    throw err;
  }
}
