import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import forge from 'node-forge';

/**
 * The certificates of `--tls`: a local certificate authority, and a server (leaf) certificate signed by it
 * for the names a client may use. node-forge builds and signs them (X.509 and its ASN.1 are not written by
 * hand here): one package with no dependencies of its own and nothing global to install, where
 * @peculiar/x509 needs the reflect-metadata polyfill loaded into the process. The RSA keys come from
 * node:crypto, natively: forge's own key generation in JavaScript takes seconds on a slow machine.
 */

/** A certificate and its private key, both PEM. */
export interface CertAndKey {
  cert: string;
  key: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** The local CA: long-lived, so that a truststore set up once keeps working. */
const CA_DAYS = 3650;
/** A leaf is issued at each start; 397 days is the longest validity browsers accept for a server cert. */
const LEAF_DAYS = 397;

function rsaKeys(): { publicPem: string; privatePem: string } {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { publicPem: publicKey, privatePem: privateKey };
}

/** A random positive serial number (the top bit clear: a DER INTEGER with it set would be negative). */
function serial(): string {
  const bytes = randomBytes(16);
  bytes[0] = bytes[0]! & 0x7f;
  return bytes.toString('hex');
}

function validity(cert: forge.pki.Certificate, days: number, now: number): void {
  // An hour back: a client whose clock runs a little behind still accepts a certificate made just now.
  cert.validity.notBefore = new Date(now - 60 * 60 * 1000);
  cert.validity.notAfter = new Date(now + days * DAY_MS);
}

/** A new certificate authority, self-signed, that may sign server certificates and nothing below them. */
export function createCa(commonName: string, now = Date.now()): CertAndKey {
  const keys = rsaKeys();
  const key = forge.pki.privateKeyFromPem(keys.privatePem);
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(keys.publicPem);
  cert.serialNumber = serial();
  validity(cert, CA_DAYS, now);
  const name = [
    { name: 'commonName', value: commonName },
    { name: 'organizationName', value: 'Checkout Simulator (local, not trusted elsewhere)' },
  ];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.setExtensions([
    { name: 'basicConstraints', cA: true, pathLenConstraint: 0, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(key, forge.md.sha256.create());
  return { cert: forge.pki.certificateToPem(cert), key: keys.privatePem };
}

/** A subjectAltName entry: an IP address (type 7) or a DNS name (type 2). */
function altName(name: string): { type: number; value?: string; ip?: string } {
  const bare = name.startsWith('[') && name.endsWith(']') ? name.slice(1, -1) : name;
  return isIP(bare) ? { type: 7, ip: bare } : { type: 2, value: bare };
}

/** A server certificate for `names` (host names and IP addresses), signed by `ca`. */
export function issueLeaf(ca: CertAndKey, names: readonly string[], now = Date.now()): CertAndKey {
  if (names.length === 0) throw new Error('a server certificate needs at least one name');
  const caCert = forge.pki.certificateFromPem(ca.cert);
  const caKey = forge.pki.privateKeyFromPem(ca.key);
  const keys = rsaKeys();
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(keys.publicPem);
  cert.serialNumber = serial();
  validity(cert, LEAF_DAYS, now);
  cert.setSubject([{ name: 'commonName', value: names[0]! }]);
  cert.setIssuer(caCert.subject.attributes);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
    { name: 'extKeyUsage', serverAuth: true },
    { name: 'subjectAltName', altNames: names.map(altName) },
    { name: 'subjectKeyIdentifier' },
    { name: 'authorityKeyIdentifier', keyIdentifier: caCert.generateSubjectKeyIdentifier().getBytes() },
  ]);
  cert.sign(caKey, forge.md.sha256.create());
  return { cert: forge.pki.certificateToPem(cert), key: keys.privatePem };
}
