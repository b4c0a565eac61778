import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DEFAULT_CREDENTIALS } from '@shared/schemas/config.schema';
import { boot, type Booted, type BootOptions } from '../boot/boot';
import { silentLogger } from '../core/log';

/** The sample shop's module, as the shells load it. */
export const SHOP_MODULE = resolve(import.meta.dirname, '../../shop/server.mjs');

/**
 * What a test boots on `dataDir`: browser mode, quiet, 127.0.0.1 on free ports, no built assets and no
 * sample shop unless `over` says otherwise.
 */
export function bootOptions(dataDir: string, over: Partial<BootOptions> = {}): BootOptions {
  return {
    mode: 'browser',
    dataDir,
    config: {},
    log: silentLogger,
    host: '127.0.0.1',
    ports: { api: 0, console: 0, integrator: 0, checkout: 0, shop: 0 },
    checkoutAssetsDir: null,
    shopModule: null,
    ...over,
  };
}

/**
 * A whole simulator in this process (free ports, a temp data folder) with the sample shop beside it, and
 * with the console's listener (browser mode, no built renderer) when `console` is set.
 */
export async function bootedSim(
  opts: { console?: boolean } = {},
): Promise<Booted & { close(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sim-booted-'));
  const booted = await boot(
    bootOptions(dataDir, {
      shopModule: SHOP_MODULE,
      ...(opts.console ? { console: { rendererDir: null } } : {}),
    }),
  );
  return {
    ...booted,
    async close() {
      await booted.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const SIM_CREDENTIALS = DEFAULT_CREDENTIALS;
