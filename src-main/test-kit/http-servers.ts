// Which HTTP/1.1 server the socket tests run the provider API and the fake integrator over (imported by
// *.test.ts files only). The suites about what goes over the wire run over both (describe.each over
// TEST_HTTP_SERVERS); every other socket test uses TEST_HTTP_SERVER. SIM_TEST_HTTP=node (or own) runs
// them all over that one server: `SIM_TEST_HTTP=node npm run test:unit` tries the whole suite on node:http.
import { HTTP_SERVER_KINDS, type HttpServerKind } from '@shared/schemas/config.schema';
import type { Core } from '../core/create-core';
import {
  reserveListeners,
  serveListeners,
  startListeners,
  type ListenOptions,
  type Listeners,
} from '../http/listen';
import { tempCore } from './temp-core';

function fromEnv(): HttpServerKind | null {
  const named = process.env.SIM_TEST_HTTP;
  if (named === undefined || named === '') return null;
  if (!(HTTP_SERVER_KINDS as readonly string[]).includes(named)) {
    throw new Error(`SIM_TEST_HTTP must be ${HTTP_SERVER_KINDS.join(' or ')}, got '${named}'`);
  }
  return named as HttpServerKind;
}

const chosen = fromEnv();

/** The servers the wire suites run over: both, or the one SIM_TEST_HTTP names. */
export const TEST_HTTP_SERVERS: HttpServerKind[] = chosen ? [chosen] : [...HTTP_SERVER_KINDS];

/** The server the other socket tests use: the one SIM_TEST_HTTP names, else the simulator's own. */
export const TEST_HTTP_SERVER: HttpServerKind = chosen ?? 'own';

const loopback = (http: HttpServerKind): ListenOptions => ({
  host: '127.0.0.1',
  ports: { api: 0, console: 0, integrator: 0, checkout: 0 },
  checkoutAssetsDir: null,
  http,
});

/** Every listener of `core` on free loopback ports, the provider API and the fake integrator on `http`. */
export function listenersOver(core: Core, http: HttpServerKind): Promise<Listeners> {
  return startListeners(core, loopback(http));
}

/**
 * A temp core with every listener on free loopback ports, as the shells start them: the ports bound
 * first, the core given their URLs, then each listener served.
 */
export async function listenedCore(
  http: HttpServerKind,
): Promise<{ env: ReturnType<typeof tempCore>; l: Listeners }> {
  const sockets = await reserveListeners(loopback(http));
  const env = tempCore(undefined, (dir) => ({
    mode: 'browser',
    dataDir: dir,
    urls: { ...sockets.urls, shop: '' },
  }));
  return { env, l: serveListeners(env.core, sockets, loopback(http)) };
}
