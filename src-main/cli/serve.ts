import { portsFor } from '@shared/schemas/config.schema';
import { boot } from '../boot/boot';
import { stderrLogger } from '../core/log';
import { containRequestErrors } from '../http/request-scope';
import type { ServeArgs } from './args';
import { loadConfig } from '../core/config-file';
import { defaultDataDir } from './data-dir';
import { tlsOptionsOf } from './tls-args';

/** Starts the headless simulator; resolves with a stop function once every listener is up. */
export async function serve(
  args: ServeArgs,
  opts: { rendererDir: string | null; checkoutAssetsDir: string | null; shopModule: string | null },
) {
  const config = loadConfig(args.config);
  const log = stderrLogger(args.quiet);
  // No request, however hostile, stops the simulator: see request-scope.ts.
  containRequestErrors(log);
  const dataDir = args.dataDir ?? defaultDataDir();
  const host = args.host ?? config.host ?? '127.0.0.1';
  const http = args.http ?? config.http ?? 'own';
  const { urls, tls, stop } = await boot({
    mode: 'browser',
    dataDir,
    config,
    log,
    host,
    ports: portsFor(args.port, config),
    console: { rendererDir: opts.rendererDir },
    checkoutAssetsDir: opts.checkoutAssetsDir,
    shopModule: opts.shopModule,
    http,
    ...tlsOptionsOf(args, config),
  });
  if (host !== '127.0.0.1' && host !== 'localhost' && host !== '::1') {
    log.warn(
      `listening on ${host}: the simulator and its unauthenticated console are reachable from the network`,
    );
  }
  log.info(`data: ${dataDir}`);
  if (tls?.caFile) log.info(`https: trust the local CA ${tls.caFile} (NODE_EXTRA_CA_CERTS, curl --cacert)`);
  return { urls, http, dataDir, tls, stop };
}
