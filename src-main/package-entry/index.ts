import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { boot } from '../boot/boot';
import type { SimConfig } from '@shared/schemas/config.schema';
import { testHelpers, TestHelpersError } from './client';
import { embeddedCheckout } from './embedded-checkout';
import type * as Public from './public';
import { resolveStart, StartOptionsError } from './start-options';

/*
 * `checkout-simulator/testing`: the simulator inside a merchant's own test runner. Built to
 * out/main/testing.js (electron.vite.config.ts); its types are public.d.ts, which these functions must
 * match (the checks at the bottom).
 */

// From src-main/package-entry (tests) and out/main (the build) alike, two folders up is the package.
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Starts a whole simulator in this process (for a global set-up or a fixture); options in public.d.ts. */
export async function startSimulator(o: Public.StartOptions = {}): Promise<Public.StartedSimulator> {
  // Checked before anything is created: a bad option leaves no folder or port behind.
  const { config, host, ports, log, tls, merchantCa } = resolveStart(o);
  const temp = o.dataDir === undefined ? mkdtempSync(join(tmpdir(), 'checkout-sim-test-')) : null;
  const dataDir = o.dataDir ?? temp!;
  const booted = await boot({
    mode: 'browser',
    dataDir,
    config,
    log,
    host,
    ports,
    console: { rendererDir: join(ROOT, 'out', 'renderer') },
    checkoutAssetsDir: join(ROOT, 'out', 'checkout'),
    shopModule: o.shop === false ? null : join(ROOT, 'shop', 'server.mjs'),
    tls,
    merchantCa,
  }).catch((err: unknown) => {
    if (temp) rmSync(temp, { recursive: true, force: true });
    throw err;
  });
  const credentials = { ...booted.core.config.credentials };
  const caFile = booted.tls?.caFile ?? null;
  const ca = caFile ? readFileSync(caFile, 'utf8') : undefined;
  return {
    urls: booted.urls,
    credentials,
    dataDir,
    caFile,
    client: testHelpers({ api: booted.urls.api, credentials, ...(ca ? { ca } : {}) }),
    embeddedCheckout,
    async stop() {
      await booted.stop();
      if (temp) rmSync(temp, { recursive: true, force: true });
    },
  };
}

export { embeddedCheckout, StartOptionsError, testHelpers, TestHelpersError };

// The declarations a merchant's TypeScript reads (public.d.ts) must describe these functions.
const _start: typeof Public.startSimulator = startSimulator;
const _client: typeof Public.testHelpers = testHelpers;
const _checkout: typeof Public.embeddedCheckout = embeddedCheckout;
// The config option is the config file's schema, written out for merchants: each must accept the other.
const _configIn: SimConfig = {} as Public.SimulatorConfig;
const _configOut: Public.SimulatorConfig = {} as SimConfig;
void [_start, _client, _checkout, _configIn, _configOut];
