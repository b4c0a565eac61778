import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DEFAULT_CREDENTIALS } from '@shared/schemas/config.schema';
import { boot, type Booted } from '../boot/boot';
import type { Logger } from '../core/log';

const SHOP = resolve(import.meta.dirname, '../../shop/server.mjs');
const quiet: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * A whole simulator in this process (free ports, a temp data folder) with the sample shop beside it, and
 * with the console's listener (browser mode, no built renderer) when `console` is set.
 */
export async function bootedSim(
  opts: { console?: boolean } = {},
): Promise<Booted & { close(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sim-booted-'));
  const booted = await boot({
    mode: 'browser',
    dataDir,
    config: {},
    log: quiet,
    host: '127.0.0.1',
    ports: { api: 0, console: 0, integrator: 0, checkout: 0, shop: 0 },
    checkoutAssetsDir: null,
    shopModule: SHOP,
    ...(opts.console ? { console: { rendererDir: null } } : {}),
  });
  return {
    ...booted,
    async close() {
      await booted.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const SIM_CREDENTIALS = DEFAULT_CREDENTIALS;
