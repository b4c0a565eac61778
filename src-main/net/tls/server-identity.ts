import { createSecureContext } from 'node:tls';
import { resolve } from 'node:path';
import { issueLeaf } from './certificates';
import { ensureLocalCa, readPem } from './local-ca';
import { TlsSetupError } from './tls-setup-error';

/** How `--tls` gets its certificate: the user's own files, or a leaf of the data folder's local CA. */
export interface TlsOptions {
  /** The user's own certificate (PEM, the chain after it) and its key; both or neither. */
  certFile?: string;
  keyFile?: string;
  /** More names for the local CA's leaf, besides localhost, 127.0.0.1, ::1 and the bound host. */
  names?: readonly string[];
}

/** What the TLS listeners serve, and the CA file a client should trust (null with the user's own cert). */
export interface ServerIdentity {
  cert: string;
  key: string;
  caFile: string | null;
  /** The local CA's certificate (PEM): the simulator's own calls to its listeners trust it. */
  caCert: string | null;
}

/** The names a leaf is issued for: loopback by every name, the bound host unless it is a wildcard. */
export function leafNames(host: string, extra: readonly string[] = []): string[] {
  const names = ['localhost', '127.0.0.1', '::1'];
  const bare = host.replace(/^\[|\]$/g, '');
  if (bare !== '0.0.0.0' && bare !== '::' && bare !== '') names.push(bare);
  names.push(...extra);
  return [...new Set(names)];
}

/**
 * The certificate the https listeners present: the user's own (`--tls-cert`, `--tls-key`), checked to be
 * a pair, or a new leaf for `host` (and `names`) signed by the local CA of `dataDir`, made once and reused.
 */
export function serverIdentity(o: TlsOptions, dataDir: string, host: string): ServerIdentity {
  if (o.certFile !== undefined || o.keyFile !== undefined) return ownIdentity(o);
  const ca = ensureLocalCa(dataDir);
  const leaf = issueLeaf(ca, leafNames(host, o.names));
  return { ...leaf, caFile: ca.certFile, caCert: ca.cert };
}

function ownIdentity(o: TlsOptions): ServerIdentity {
  if (o.certFile === undefined || o.keyFile === undefined) {
    throw new TlsSetupError(
      `${o.certFile === undefined ? '--tls-key' : '--tls-cert'} was given alone: give both --tls-cert FILE and --tls-key FILE, or neither to use the local CA`,
      null,
    );
  }
  const cert = readPem(o.certFile, 'the TLS certificate', 'give a readable PEM certificate with --tls-cert');
  const key = readPem(o.keyFile, 'the TLS key', 'give a readable PEM private key with --tls-key');
  try {
    createSecureContext({ cert, key });
  } catch (err) {
    throw new TlsSetupError(
      `the TLS certificate ${resolve(o.certFile)} and key ${resolve(o.keyFile)} cannot be used together (${(err as Error).message}): give a certificate and the key it was made for`,
      err,
    );
  }
  return { cert, key, caFile: null, caCert: null };
}
