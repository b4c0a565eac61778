import type { Db } from './db';

export interface IntegratorTokenRow {
  token_hash: string;
  identifier: string;
  issued_at: string;
  expires_at_ms: number;
}

export function insertIntegratorToken(db: Db, row: IntegratorTokenRow): void {
  db.prepare(
    'INSERT INTO integrator_tokens (token_hash, identifier, issued_at, expires_at_ms) VALUES (@token_hash, @identifier, @issued_at, @expires_at_ms)',
  ).run(row);
}

export function findIntegratorToken(db: Db, tokenHash: string): IntegratorTokenRow | undefined {
  return db.prepare('SELECT * FROM integrator_tokens WHERE token_hash = ?').get(tokenHash) as
    IntegratorTokenRow | undefined;
}

/** Tokens still valid at `nowMs`, to warm the in-memory cache after a restart. */
export function listLiveIntegratorTokens(db: Db, nowMs: number): IntegratorTokenRow[] {
  return db
    .prepare('SELECT * FROM integrator_tokens WHERE expires_at_ms > ?')
    .all(nowMs) as IntegratorTokenRow[];
}

/** Drops tokens that expired before `beforeMs`; returns how many. */
export function deleteExpiredIntegratorTokens(db: Db, beforeMs: number): number {
  return db.prepare('DELETE FROM integrator_tokens WHERE expires_at_ms < ?').run(beforeMs).changes;
}
