import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, connect, type Server } from 'node:tls';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { issueLeaf } from './certificates';
import { CA_FOLDER, ensureLocalCa } from './local-ca';
import { leafNames, serverIdentity } from './server-identity';
import { TlsSetupError } from './tls-setup-error';

const dirs: string[] = [];
const servers: Server[] = [];
afterEach(() => {
  servers.splice(0).forEach((s) => s.close());
  dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true }));
});
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'sim-ca-'));
  dirs.push(d);
  return d;
};

/** A TLS handshake with a server presenting `cert`, as a client trusting `ca` and naming `servername`. */
async function handshake(
  leaf: { cert: string; key: string },
  client: { ca?: string; servername?: string; host?: string },
): Promise<{ authorized: boolean; error: string | null }> {
  const server = createServer({ cert: leaf.cert, key: leaf.key }, (s) => s.end());
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, client.host ?? '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return new Promise((resolve, reject) => {
    const s = connect(
      {
        host: client.host ?? '127.0.0.1',
        port,
        rejectUnauthorized: false,
        ...(client.ca ? { ca: client.ca } : {}),
        ...(client.servername ? { servername: client.servername } : {}),
      },
      () => {
        // Node checks the name itself only when it rejects; with rejectUnauthorized off, as here, ask.
        const cert = s.getPeerX509Certificate()!;
        const nameOk = client.servername
          ? cert.checkHost(client.servername) !== undefined
          : cert.checkIP(client.host ?? '127.0.0.1') !== undefined;
        resolve({
          authorized: s.authorized && nameOk,
          error: s.authorizationError ? String(s.authorizationError) : nameOk ? null : 'name mismatch',
        });
        s.destroy();
      },
    );
    s.on('error', reject);
  });
}

describe('the local CA', () => {
  it('is made once in the data folder, its key readable by its owner only, and reused after', () => {
    const dir = tempDir();
    const first = ensureLocalCa(dir);
    expect(first.created).toBe(true);
    expect(first.certFile).toBe(join(dir, CA_FOLDER, 'ca.pem'));
    expect(statSync(join(dir, CA_FOLDER, 'ca-key.pem')).mode & 0o777).toBe(0o600);
    const cert = new X509Certificate(readFileSync(first.certFile));
    expect(cert.ca).toBe(true);
    expect(cert.verify(cert.publicKey)).toBe(true); // self-signed: the root a client trusts
    const second = ensureLocalCa(dir);
    expect(second.created).toBe(false);
    expect(second.cert).toBe(first.cert);
    expect(second.key).toBe(first.key);
  });

  it('that cannot be written names the folder and says what to do', () => {
    const dir = tempDir();
    writeFileSync(join(dir, CA_FOLDER), 'a file where the folder goes');
    expect(() => ensureLocalCa(dir)).toThrow(TlsSetupError);
    expect(() => ensureLocalCa(dir)).toThrow(
      `cannot write the local CA in ${join(dir, CA_FOLDER)}: a file is in the way of it; choose a writable --data-dir`,
    );
  });
});

describe('a server certificate of the local CA', () => {
  it('verifies against the CA with node:tls for localhost, 127.0.0.1, ::1 and the host name', async () => {
    const ca = ensureLocalCa(tempDir());
    const leaf = issueLeaf(ca, leafNames('sim.test', ['shop.test']));
    const x509 = new X509Certificate(leaf.cert);
    expect(x509.subjectAltName?.split(', ')).toEqual([
      'DNS:localhost',
      'IP Address:127.0.0.1',
      'IP Address:0:0:0:0:0:0:0:1',
      'DNS:sim.test',
      'DNS:shop.test',
    ]);
    expect(x509.ca).toBe(false);
    expect(x509.checkIssued(new X509Certificate(ca.cert))).toBe(true);
    expect(await handshake(leaf, { ca: ca.cert, servername: 'localhost' })).toEqual({
      authorized: true,
      error: null,
    });
    expect(await handshake(leaf, { ca: ca.cert, servername: 'sim.test' })).toMatchObject({
      authorized: true,
    });
    expect(await handshake(leaf, { ca: ca.cert })).toMatchObject({ authorized: true }); // by IP, 127.0.0.1
    expect(await handshake(leaf, { ca: ca.cert, host: '::1' })).toMatchObject({ authorized: true });
    // A name it was not issued for, and a client that does not trust the CA, are refused.
    expect(await handshake(leaf, { ca: ca.cert, servername: 'other.test' })).toMatchObject({
      authorized: false,
    });
    expect(await handshake(leaf, { servername: 'localhost' })).toEqual({
      authorized: false,
      error: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
    });
  });

  it('leaves a wildcard bind address out of the names', () => {
    expect(leafNames('0.0.0.0')).toEqual(['localhost', '127.0.0.1', '::1']);
    expect(leafNames('::')).toEqual(['localhost', '127.0.0.1', '::1']);
    expect(leafNames('127.0.0.1')).toEqual(['localhost', '127.0.0.1', '::1']);
  });
});

describe("the user's own certificate", () => {
  it('is served as given, with no CA file', () => {
    const dir = tempDir();
    const ca = ensureLocalCa(dir);
    const leaf = issueLeaf(ca, ['own.test']);
    writeFileSync(join(dir, 'c.pem'), leaf.cert);
    writeFileSync(join(dir, 'k.pem'), leaf.key);
    const id = serverIdentity(
      { certFile: join(dir, 'c.pem'), keyFile: join(dir, 'k.pem') },
      dir,
      '127.0.0.1',
    );
    expect(id).toEqual({ cert: leaf.cert, key: leaf.key, caFile: null, caCert: null });
  });

  it('that cannot be read, or does not pair with its key, is named', () => {
    const dir = tempDir();
    const ca = ensureLocalCa(dir);
    const a = issueLeaf(ca, ['a.test']);
    const b = issueLeaf(ca, ['b.test']);
    writeFileSync(join(dir, 'a.pem'), a.cert);
    writeFileSync(join(dir, 'b-key.pem'), b.key);
    writeFileSync(join(dir, 'text.pem'), 'not a certificate');
    const missing = join(dir, 'missing.pem');
    const of = (certFile: string, keyFile: string) => () =>
      serverIdentity({ certFile, keyFile }, dir, '127.0.0.1');
    expect(of(missing, join(dir, 'b-key.pem'))).toThrow(
      `cannot read the TLS certificate ${missing}: no such file or folder; give a readable PEM certificate with --tls-cert`,
    );
    expect(of(join(dir, 'a.pem'), missing)).toThrow(
      `cannot read the TLS key ${missing}: no such file or folder; give a readable PEM private key with --tls-key`,
    );
    expect(of(join(dir, 'text.pem'), join(dir, 'b-key.pem'))).toThrow(
      `${join(dir, 'text.pem')} (the TLS certificate) holds no PEM block`,
    );
    expect(of(join(dir, 'a.pem'), join(dir, 'b-key.pem'))).toThrow(
      new RegExp(
        `the TLS certificate ${join(dir, 'a.pem')} and key ${join(dir, 'b-key.pem')} cannot be used together .*: give a certificate and the key it was made for`,
      ),
    );
  });
});
