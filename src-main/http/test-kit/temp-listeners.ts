import { tempCore } from '../../test-kit/temp-core';
import { startListeners, type ListenOptions, type Listeners } from '../listen';

/** Every listener on a free loopback port, with no renderer or checkout assets to serve. */
export const LOOPBACK_LISTENERS: ListenOptions = {
  host: '127.0.0.1',
  ports: { api: 0, console: 0, integrator: 0, checkout: 0 },
  console: { rendererDir: null },
  checkoutAssetsDir: null,
};

export interface TempListeners {
  env: ReturnType<typeof tempCore>;
  l: Listeners;
  /** Closes the listeners, then the core, and removes its folder. */
  close(): Promise<void>;
}

/** A core on a temporary SQLite file (tempCore) served on every listener (LOOPBACK_LISTENERS). */
export async function tempListeners(): Promise<TempListeners> {
  const env = tempCore();
  const l = await startListeners(env.core, LOOPBACK_LISTENERS);
  return {
    env,
    l,
    close: async () => {
      await l.close();
      env.dispose();
    },
  };
}
