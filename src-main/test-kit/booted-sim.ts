import type { Server } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { afterEach } from 'vitest';
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

/**
 * What a boot test started, stopped and removed after each test of the calling file: push booted
 * simulators to `running`, servers holding a port to `blockers` and data folders to `dirs`.
 */
export function bootLeftovers(): { dirs: string[]; running: Booted[]; blockers: Server[] } {
  const left = { dirs: [] as string[], running: [] as Booted[], blockers: [] as Server[] };
  afterEach(async () => {
    await Promise.all(left.running.splice(0).map((b) => b.stop()));
    await Promise.all(left.blockers.splice(0).map((s) => new Promise((r) => s.close(r))));
    left.dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true }));
  });
  return left;
}
