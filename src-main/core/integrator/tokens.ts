import { createHash, randomBytes } from 'node:crypto';
import {
  deleteExpiredIntegratorTokens,
  findIntegratorToken,
  insertIntegratorToken,
  listLiveIntegratorTokens,
} from '../../store/integrator-tokens.repo';
import type { Db } from '../../store/db';
import type { Clock } from '../clock';

export type TokenState = 'valid' | 'expired' | 'unknown';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** Kept a day past expiry so a late caller hears "expired" rather than "unknown". */
const KEEP_EXPIRED_MS = 24 * 3600 * 1000;

/**
 * Bearer tokens issued by the fake integrator. SQLite holds them (by hash) so they survive a restart;
 * a map in memory answers the check on every call, so the hot path never touches the database.
 */
export class IntegratorTokens {
  /** token → expiry (ms on the simulator clock) */
  private readonly cache = new Map<string, number>();
  private readonly byHash = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {
    for (const row of listLiveIntegratorTokens(db, clock.now()))
      this.byHash.set(row.token_hash, row.expires_at_ms);
  }

  /** Issues a token for `identifier` that expires `ttlMs` from now on the simulator clock. */
  issue(identifier: string, ttlMs: number): string {
    const now = this.clock.now();
    const token = randomBytes(32).toString('base64url');
    const expires = now + ttlMs;
    insertIntegratorToken(this.db, {
      token_hash: hashOf(token),
      identifier,
      issued_at: new Date(now).toISOString(),
      expires_at_ms: expires,
    });
    this.cache.set(token, expires);
    if (this.cache.size > 1000) this.prune(now);
    return token;
  }

  check(token: string): TokenState {
    let expires = this.cache.get(token);
    if (expires === undefined) {
      // Issued before a restart (warm by hash) or never issued: one lookup, then cached either way.
      const h = hashOf(token);
      expires = this.byHash.get(h) ?? findIntegratorToken(this.db, h)?.expires_at_ms;
      if (expires === undefined) return 'unknown';
      this.cache.set(token, expires);
    }
    return this.clock.now() < expires ? 'valid' : 'expired';
  }

  private prune(now: number): void {
    for (const [t, exp] of this.cache) if (exp <= now) this.cache.delete(t);
    deleteExpiredIntegratorTokens(this.db, now - KEEP_EXPIRED_MS);
  }
}
