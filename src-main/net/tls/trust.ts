import { X509Certificate } from 'node:crypto';
import { rootCertificates } from 'node:tls';
import { readPem } from './local-ca';
import { TlsSetupError } from './tls-setup-error';

/**
 * The certificate authorities the simulator's own calls trust (callbacks, pushes, integrator calls):
 * Node's bundled roots plus the ones the user names (`--merchant-ca`) and the simulator's local CA under
 * `--tls` (its sample shop and fake integrator then have its certificates). `id` keeps connections made
 * under one trust apart from another's in the client's pool (two simulators in one test process).
 */
export interface Trust {
  id: string;
  /** Node's roots and the extra ones. */
  ca: readonly string[];
  /** The extra ones alone. */
  extra: readonly string[];
}

let next = 0;

/** The roots plus `extra` (PEM certificates); null when there is nothing extra (Node's defaults apply). */
export function trustWith(extra: readonly string[]): Trust | null {
  if (extra.length === 0) return null;
  return { id: `ca${next++}`, ca: [...rootCertificates, ...extra], extra };
}

/** The PEM file `--merchant-ca` names, checked to hold a certificate; a TlsSetupError naming it when not. */
export function readMerchantCa(file: string): string {
  const fix = 'give the PEM certificate of the CA that signed your server certificate with --merchant-ca';
  const pem = readPem(file, 'the merchant CA', fix);
  try {
    new X509Certificate(pem);
  } catch (err) {
    throw new TlsSetupError(
      `${file} (the merchant CA) is not a certificate (${(err as Error).message}); ${fix}`,
      err,
    );
  }
  return pem;
}
