import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { X509Certificate } from 'node:crypto';
import { createCa, type CertAndKey } from './certificates';
import { TlsSetupError, whyOf } from './tls-setup-error';

/** The folder of the local CA inside the data folder, and its two files. */
export const CA_FOLDER = 'tls';
export const CA_CERT_FILE = 'ca.pem';
export const CA_KEY_FILE = 'ca-key.pem';

/** The local CA's certificate file in a data folder (whether or not it exists yet). */
export const caCertPath = (dataDir: string): string => resolve(dataDir, CA_FOLDER, CA_CERT_FILE);

export interface LocalCa extends CertAndKey {
  /** The CA certificate's file: what a client is given to trust (NODE_EXTRA_CA_CERTS, curl --cacert). */
  certFile: string;
  /** Made by this call (false: the one an earlier start made, reused). */
  created: boolean;
}

/**
 * The data folder's local CA: the one made by an earlier start, or a new one made now and kept (the key
 * readable by its owner only, 0600). Reusing it is what lets a client trust it once, for every later start.
 * Throws a TlsSetupError naming the folder or file when it can be neither read nor made.
 */
export function ensureLocalCa(dataDir: string, now = Date.now()): LocalCa {
  const folder = resolve(dataDir, CA_FOLDER);
  const certFile = join(folder, CA_CERT_FILE);
  const keyFile = join(folder, CA_KEY_FILE);
  if (existsSync(certFile) && existsSync(keyFile))
    return { ...readCa(certFile, keyFile), certFile, created: false };
  const ca = createCa(`Checkout Simulator local CA (${new Date(now).toISOString().slice(0, 10)})`, now);
  try {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    // The key first and each file renamed into place whole: a start killed half-way leaves no CA
    // certificate without its key, and two starts at once each leave a whole pair (the last one wins).
    writeWhole(keyFile, ca.key, 0o600);
    writeWhole(certFile, ca.cert, 0o644);
  } catch (err) {
    throw new TlsSetupError(
      `cannot write the local CA in ${folder}: ${whyOf(err)}; choose a writable --data-dir, or give your own certificate with --tls-cert FILE --tls-key FILE`,
      err,
    );
  }
  return { ...ca, certFile, created: true };
}

function writeWhole(file: string, text: string, mode: number): void {
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, text, { mode });
  chmodSync(temp, mode); // the umask may have taken bits off a mode given at creation
  renameSync(temp, file);
}

function readCa(certFile: string, keyFile: string): CertAndKey {
  const cert = readPem(certFile, 'the local CA certificate');
  const key = readPem(keyFile, "the local CA's key");
  try {
    if (!new X509Certificate(cert).ca) throw new Error('it is not a CA certificate');
  } catch (err) {
    throw new TlsSetupError(
      `${certFile} is not a usable CA certificate (${(err as Error).message}): move the folder ${resolve(certFile, '..')} away and a new CA is made at the next start`,
      err,
    );
  }
  return { cert, key };
}

/** A PEM file's text; a TlsSetupError naming the file when it cannot be read or holds no PEM. */
export function readPem(file: string, what: string, fix = 'check the file and its permissions'): string {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new TlsSetupError(`cannot read ${what} ${resolve(file)}: ${whyOf(err)}; ${fix}`, err);
  }
  if (!text.includes('-----BEGIN ')) {
    throw new TlsSetupError(`${resolve(file)} (${what}) holds no PEM block ('-----BEGIN …'); ${fix}`, null);
  }
  return text;
}
