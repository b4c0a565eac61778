import type { OpOutput } from '@shared/contract/control';

/**
 * What the shell says about itself (`app.info` without the version and credentials): its mode, data folder
 * and the URLs its listeners answer on. The shell binds every listener's port before it builds the core
 * (boot/boot.ts), so it gives this to createCore as a plain value (`CoreDeps.runtime`). What reads it:
 * `app.info`, the checkout snippet's and the embedded checkout's address, the built-in integrator's URL
 * and the scenario runs' target.
 */
export type RuntimeInfo = Omit<OpOutput<'app.info'>, 'version' | 'credentials'>;

/** A core without listeners (tests): no URL. */
export function notListening(dataDir: string): RuntimeInfo {
  return { mode: 'browser', dataDir, urls: { api: '', console: '', integrator: '', checkout: '', shop: '' } };
}
