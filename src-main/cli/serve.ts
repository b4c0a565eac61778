import { DB_FILE, portsFor } from '@shared/schemas/config.schema';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openStore } from '../store/store';
import { createCore } from '../core/create-core';
import { SimClock } from '../core/clock/sim-clock';
import { stderrLogger } from '../core/log';
import { startListeners } from '../http/listen';
import type { ServeArgs } from './args';
import { loadConfig } from '../core/config-file';
import { defaultDataDir } from './data-dir';
import { keepHeapSmall } from '../core/heap-tuning';

/** Starts the headless simulator; resolves with a stop function once every listener is up. */
export async function serve(args: ServeArgs, opts: { rendererDir: string | null }) {
  keepHeapSmall();
  const config = loadConfig(args.config);
  const log = stderrLogger(args.quiet);
  const dataDir = args.dataDir ?? defaultDataDir();
  mkdirSync(dataDir, { recursive: true });
  const store = openStore(join(dataDir, DB_FILE));
  // The simulator clock, stored in the database: a restart resumes its mode, speed and time.
  const core = createCore({ ...store, clock: new SimClock(store.db), log, config });
  const host = args.host ?? config.host ?? '127.0.0.1';
  let listeners;
  try {
    listeners = await startListeners(core, {
      host,
      ports: portsFor(args.port, config),
      console: { rendererDir: opts.rendererDir },
    });
  } catch (err) {
    await core.close();
    throw err;
  }
  core.setRuntimeInfo({ mode: 'browser', dataDir, urls: listeners.urls });
  core.runner.start();
  if (host !== '127.0.0.1' && host !== 'localhost' && host !== '::1') {
    log.warn(
      `listening on ${host}: the simulator and its unauthenticated console are reachable from the network`,
    );
  }
  log.info(`data: ${dataDir}`);
  const stop = async () => {
    await listeners.close();
    await core.close();
  };
  return { urls: listeners.urls, dataDir, stop };
}
