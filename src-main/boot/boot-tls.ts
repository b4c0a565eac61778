import { serverIdentity, type ServerIdentity, type TlsOptions } from '../net/tls/server-identity';
import { TlsSetupError } from '../net/tls/tls-setup-error';
import { readMerchantCa, trustWith, type Trust } from '../net/tls/trust';
import { StartupError } from './startup-error';

export type { TlsOptions };

/** What `--tls` and `--merchant-ca` give a start: the listeners' certificate and the outbound trust. */
export interface BootTls {
  /** The https listeners' certificate; null: plain http. */
  identity: ServerIdentity | null;
  /** What the simulator's own https calls trust beyond Node's roots; null: the roots alone. */
  trust: Trust | null;
}

/**
 * Reads or makes the certificates before any port is bound, so that a bad file stops the start in one line
 * naming it (a StartupError). The local CA is trusted by the simulator's own calls too: the sample shop and
 * the fake integrator present its certificates, and their callbacks and shipping calls must not be
 * flagged as untrusted.
 */
export function bootTls(o: {
  tls?: TlsOptions | null;
  merchantCa?: string | null;
  dataDir: string;
  host: string;
}): BootTls {
  try {
    const identity = o.tls ? serverIdentity(o.tls, o.dataDir, o.host) : null;
    const extra: string[] = [];
    if (o.merchantCa) extra.push(readMerchantCa(o.merchantCa));
    if (identity?.caCert) extra.push(identity.caCert);
    return { identity, trust: trustWith(extra) };
  } catch (err) {
    throw err instanceof TlsSetupError ? new StartupError(err.message, err) : err;
  }
}
