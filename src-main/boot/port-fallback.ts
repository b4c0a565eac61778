import type { Ports } from '@shared/schemas/config.schema';

const isAddressInUse = (err: unknown): boolean => (err as { code?: unknown } | null)?.code === 'EADDRINUSE';

/**
 * Starts the listeners on the wanted ports and, when one is taken (a browser-mode simulator already
 * running, say), on free ports instead: the desktop app should open rather than fail; the console shows
 * the actual URLs.
 */
export async function withPortFallback<T>(
  start: (ports: Ports) => Promise<T>,
  ports: Ports,
  onFallback: (err: unknown) => void = () => undefined,
): Promise<T> {
  try {
    return await start(ports);
  } catch (err) {
    if (!isAddressInUse(err)) throw err;
    onFallback(err);
    return start({ api: 0, console: 0, integrator: 0, checkout: 0, shop: 0 });
  }
}
