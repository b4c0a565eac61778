import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '../store/store';
import { createCore, type Core, type CoreDeps } from '../core/create-core';
import { ManualClock } from '../core/clock';
import { silentLogger } from '../core/log';
import { notListening, ShellInfo } from '../core/runtime-info';
import { SAMPLE_ORDER } from '@shared/samples/samples';

/**
 * A core on a real SQLite file in a fresh temp folder, with a manual clock. `shell` is what a shell's
 * listeners would tell the core (their URLs, the provider API): a test says it for those it starts.
 */
export function tempCore(config?: CoreDeps['config']): {
  core: Core;
  clock: ManualClock;
  dir: string;
  shell: ShellInfo;
  dispose(): void;
} {
  const dir = mkdtempSync(join(tmpdir(), 'checkout-sim-'));
  const clock = new ManualClock();
  const store = openStore(join(dir, 'simulator.db'));
  const shell = new ShellInfo(notListening(store.db.name));
  const core = createCore({ ...store, clock, log: silentLogger, config, shell });
  return {
    core,
    clock,
    dir,
    shell,
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
