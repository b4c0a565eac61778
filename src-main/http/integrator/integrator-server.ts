import type { IncomingHttpHeaders, Server, ServerResponse } from 'node:http';
import type { Core } from '../../core/create-core';
import { appServer } from '../serve';
import { integratorApp, type IntegratorAppOptions } from './integrator-app';

/** A signal that aborts when the response's connection closes (at once if it already has). */
function closeSignal(res: ServerResponse): AbortSignal {
  const ac = new AbortController();
  if (!res.socket || res.socket.destroyed) ac.abort();
  else res.once('close', () => ac.abort());
  return ac.signal;
}

/**
 * The fake integrator's node:http server. Its one addition to appServer: a request held by a `timeout` or
 * `latency` fault is let go as soon as the client gives up. The App sees requests without sockets; the
 * request's headers object is the one thing both sides share (serve.ts hands it through unchanged), so it
 * keys the response. The signal is made only when a fault asks for it: an AbortController per request
 * would cost the hot path about a tenth of its throughput.
 */
export function integratorServer(core: Core, opts: Omit<IntegratorAppOptions, 'signalOf'> = {}): Server {
  const responses = new WeakMap<IncomingHttpHeaders, ServerResponse>();
  const signalOf: IntegratorAppOptions['signalOf'] = (req) => {
    const res = responses.get(req.headers);
    return res ? closeSignal(res) : undefined;
  };
  const server = appServer(integratorApp(core, { ...opts, signalOf }));
  server.prependListener('request', (req, res) => responses.set(req.headers, res));
  return server;
}
