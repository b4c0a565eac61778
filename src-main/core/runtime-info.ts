import type { OpOutput } from '@shared/contract/control';
import type { MerchantApi } from './merchant-gateway';

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
  /**
   * The provider API's own request handler (http/provider/provider-app.ts): the console's calls as the
   * merchant (`merchant.request`) take it. Null: this process serves no provider API.
   */
  providerApi: MerchantApi | null;
}

/**
 * The one input of the core that is known only after the core is built, given to createCore as
 * `CoreDeps.shell`. The listeners serve the core, so they start after it, and only then are their URLs
 * known (a port of 0, or a port fallback, picks them) and the provider API's handler built. The shell
 * makes one, hands it to createCore, and says `listening(…)` once its listeners are up (boot/boot.ts);
 * a test kit says it for the listeners it starts. What reads it, each at the moment of use: `app.info`,
 * the checkout snippet's and the embedded checkout's address, the built-in integrator's URL, the
 * scenario runs' target, and `merchant.request`.
 */
export class ShellInfo {
  private now: Listening;

  constructor(before: RuntimeInfo) {
    this.now = { info: before, providerApi: null };
  }

  /** The shell's mode, data folder and listener URLs (empty URLs until it listens). */
  runtime(): RuntimeInfo {
    return this.now.info;
  }

  /** The provider API's handler, or null before the listeners are up (or without them). */
  providerApi(): MerchantApi | null {
    return this.now.providerApi;
  }

  /** Said by the shell once its listeners are up; a part left out stays as it was. */
  listening(up: Partial<Listening>): void {
    this.now = { ...this.now, ...up };
  }
}
