import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { boot } from '../boot/boot';
import type { Logger } from '../core/log';
import { testHelpers, TestHelpersError } from './client';
import { embeddedCheckout } from './embedded-checkout';
import type * as Public from './public';

/*
 * `checkout-simulator/testing`: the simulator inside a merchant's own test runner. Built to
 * out/main/testing.js (electron.vite.config.ts); its types are public.d.ts, which these functions must
 * match (the checks at the bottom).
 */

// From src-main/testing (tests) and out/main (the build) alike, two folders up is the package.
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const quiet: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** Starts a whole simulator in this process on free ports (for a global set-up or a fixture). */
export async function startSimulator(o: Public.StartOptions = {}): Promise<Public.StartedSimulator> {
  const temp = o.dataDir === undefined ? mkdtempSync(join(tmpdir(), 'checkout-sim-test-')) : null;
  const dataDir = o.dataDir ?? temp!;
  const booted = await boot({
    mode: 'browser',
    dataDir,
    config: {},
    log: quiet,
    host: '127.0.0.1',
    ports: { api: 0, console: 0, integrator: 0, checkout: 0, shop: 0 },
    console: { rendererDir: join(ROOT, 'out', 'renderer') },
    checkoutAssetsDir: join(ROOT, 'out', 'checkout'),
    shopModule: o.shop === false ? null : join(ROOT, 'shop', 'server.mjs'),
  }).catch((err: unknown) => {
    if (temp) rmSync(temp, { recursive: true, force: true });
    throw err;
  });
  const credentials = { ...booted.core.config.credentials };
  return {
    urls: booted.urls,
    credentials,
    dataDir,
    client: testHelpers({ api: booted.urls.api, credentials }),
    async stop() {
      await booted.stop();
      if (temp) rmSync(temp, { recursive: true, force: true });
    },
  };
}

export { embeddedCheckout, testHelpers, TestHelpersError };

// The declarations a merchant's TypeScript reads (public.d.ts) must describe these functions.
const _start: typeof Public.startSimulator = startSimulator;
const _client: typeof Public.testHelpers = testHelpers;
const _checkout: typeof Public.embeddedCheckout = embeddedCheckout;
void [_start, _client, _checkout];
