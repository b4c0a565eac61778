import type { OpOutput } from '@shared/contract/control';

/** What the shell says about itself (`app.info` without the version and credentials): mode, data folder, URLs. */
export type RuntimeInfo = Omit<OpOutput<'app.info'>, 'version' | 'credentials'>;

/** Before the shell listens, and in a core without listeners (tests): no URL yet. */
export function notListening(dataDir: string): RuntimeInfo {
  return { mode: 'browser', dataDir, urls: { api: '', console: '', integrator: '', checkout: '', shop: '' } };
}

/** What the shell's listeners tell the core once they are up. */
export interface Listening {
  /** The shell's mode, data folder and the URLs its listeners answer on. */
  info: RuntimeInfo;
}

/**
 * The one input of the core that is known only after the core is built, given to createCore as
 * `CoreDeps.shell`. The listeners serve the core, so they start after it, and only then are their URLs
 * known (a port of 0, or a port fallback, picks them). The shell
 * makes one, hands it to createCore, and says `listening(…)` once its listeners are up (boot/boot.ts);
 * a test kit says it for the listeners it starts. What reads it, each at the moment of use: `app.info`,
 * the checkout snippet's and the embedded checkout's address, the built-in integrator's URL and the
 * scenario runs' target.
 */
export class ShellInfo {
  private now: Listening;

  constructor(before: RuntimeInfo) {
    this.now = { info: before };
  }

  /** The shell's mode, data folder and listener URLs (empty URLs until it listens). */
  runtime(): RuntimeInfo {
    return this.now.info;
  }

  /** Said by the shell once its listeners are up. */
  listening(up: Listening): void {
    this.now = up;
  }
}
