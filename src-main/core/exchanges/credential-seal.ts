import { createCipheriv, createDecipheriv, createHmac } from 'node:crypto';
import { storedSecret } from '../settings';
import type { Db } from '../../store/db';

const KEY_SETTING = 'exchange_seal_key';
const VERSION = 'v1.';

/**
 * Seals what a refused request sent as its credentials, so that Copy as cURL of a 401 can send them
 * again (the log masks them, and the simulator's own credentials would not reproduce the refusal). The
 * key lives in `simulator.db`, the log in `exchanges.db`: the log file, a HAR or a shared export holds
 * only the sealed text, and only this data folder's simulator opens it. AES-256-GCM with a nonce derived
 * from the text (the same credentials seal alike, so the log's shapes still repeat; equality is all it
 * tells, and only to whoever holds the key anyway).
 */
export class CredentialSeal {
  private readonly key: Buffer;

  constructor(db: Db, now: () => number) {
    this.key = storedSecret(db, KEY_SETTING, now);
  }

  /** `text` sealed: `v1.` and base64url of nonce, tag and ciphertext. */
  seal(text: string): string {
    const nonce = createHmac('sha256', this.key).update(`nonce:${text}`).digest().subarray(0, 12);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce);
    const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
    return VERSION + Buffer.concat([nonce, cipher.getAuthTag(), body]).toString('base64url');
  }

  /** The sealed text, or null when it was not sealed with this data folder's key (or was altered). */
  open(sealed: string): string | null {
    if (!sealed.startsWith(VERSION)) return null;
    const raw = Buffer.from(sealed.slice(VERSION.length), 'base64url');
    if (raw.length < 28) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}
