import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '../store/store';
import { createCore, type Core, type CoreDeps } from '../core/create-core';
import { ManualClock } from '../core/clock';
import { silentLogger } from '../core/log';
import { SAMPLE_ORDER } from '@shared/samples/samples';

/**
 * A core on a real SQLite file in a fresh temp folder, with a manual clock. `runtime`: what a shell says
 * about itself (mode, data folder, its listeners' URLs, bound first); without it, a core without listeners.
 */
export function tempCore(
  config?: CoreDeps['config'],
  runtime?: (dir: string) => NonNullable<CoreDeps['runtime']>,
  /** What the outbound calls trust beyond Node's roots (`--merchant-ca`). */
  trust?: CoreDeps['trust'],
): {
  core: Core;
  clock: ManualClock;
  dir: string;
  dispose(): void;
} {
  const dir = mkdtempSync(join(tmpdir(), 'checkout-sim-'));
  const clock = new ManualClock();
  const store = openStore(join(dir, 'simulator.db'));
  const core = createCore({
    ...store,
    clock,
    log: silentLogger,
    config,
    ...(runtime ? { runtime: runtime(dir) } : {}),
    ...(trust ? { trust } : {}),
  });
  return {
    core,
    clock,
    dir,
    dispose: async () => {
      await core.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A valid checkout order body (shared/samples/order.json), with fields replaced as given. */
export function sampleOrder(over: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...structuredClone(SAMPLE_ORDER), ...over };
}

export const basic = (user = 'merchant', pass = 'secret') =>
  `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`;

/** sampleOrder with https pages, and its push and address_update calls sent to `push` and `address`. */
export const orderCallingBack = (push: string, address: string): Record<string, unknown> =>
  sampleOrder({
    merchant_urls: {
      terms: 'https://example.com/t',
      checkout: 'https://example.com/c',
      confirmation: 'https://example.com/ok',
      push,
      address_update: address,
    },
  });
