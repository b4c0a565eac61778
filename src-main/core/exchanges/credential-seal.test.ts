import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../../store/db';
import { CredentialSeal } from './credential-seal';

const dirs: string[] = [];
const dbs: Db[] = [];
function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'checkout-sim-seal-'));
  dirs.push(dir);
  return dir;
}
function sealIn(dir: string): CredentialSeal {
  const db = openDb(join(dir, 'simulator.db'));
  dbs.push(db);
  return new CredentialSeal(db, () => 0);
}
afterEach(() => {
  for (const db of dbs.splice(0)) db.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the seal of refused credentials', () => {
  const sent = `Basic ${Buffer.from('merchant:wrong-pass').toString('base64')}`;

  it('opens what it sealed, after a restart on the same data folder, and shows nothing of it', () => {
    const dir = folder();
    const sealed = sealIn(dir).seal(sent);
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain(sent.slice(6));
    expect(sealed).not.toContain('wrong-pass');
    expect(sealIn(dir).open(sealed)).toBe(sent);
    // The same credentials seal alike (the log's shapes repeat); others differ.
    expect(sealIn(dir).seal(sent)).toBe(sealed);
    expect(sealIn(dir).seal(`${sent}x`)).not.toBe(sealed);
  });

  it('opens nothing sealed in another data folder, altered, or not sealed at all', () => {
    const sealed = sealIn(folder()).seal(sent);
    const other = sealIn(folder());
    expect(other.open(sealed)).toBeNull();
    const mine = sealIn(folder());
    const good = mine.seal(sent);
    // Each part altered by one bit: the nonce, the tag and the ciphertext's last byte.
    const raw = Buffer.from(good.slice('v1.'.length), 'base64url');
    for (const at of [0, 12, raw.length - 1]) {
      const altered = Buffer.from(raw);
      altered.writeUInt8(altered.readUInt8(at) ^ 0x01, at);
      const flipped = `v1.${altered.toString('base64url')}`;
      expect(flipped).not.toBe(good);
      expect(mine.open(flipped)).toBeNull();
    }
    expect(mine.open('Basic ****')).toBeNull();
    expect(mine.open('v1.')).toBeNull();
  });
});
