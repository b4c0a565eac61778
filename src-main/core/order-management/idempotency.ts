import { getIdempotentAnswer, putIdempotentAnswer } from '../../store/om-idempotency.repo';
import { inTransaction, type Db } from '../../store/db';
import type { Clock } from '../clock';

/** An answer as given: status, headers and body text. */
export interface StoredAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: string | null;
}

/**
 * Answers kept under `Klarna-Idempotency-Key` (with the method and path they were given for): a repeated
 * key gets the first answer again and changes nothing. A successful answer is stored in the transaction
 * that made its change, so a crash cannot keep one without the other.
 */
export class IdempotencyStore {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  find(key: string, method: string, path: string): StoredAnswer | undefined {
    const row = getIdempotentAnswer(this.db, key, method, path);
    if (!row) return undefined;
    return { status: row.status, headers: JSON.parse(row.headers) as Record<string, string>, body: row.body };
  }

  /** Runs `fn` and stores its answer in one transaction; if `fn` throws, nothing is stored. */
  run<T extends StoredAnswer>(key: string, method: string, path: string, fn: () => T): T {
    return inTransaction(this.db, () => {
      const answer = fn();
      this.store(key, method, path, answer);
      return answer;
    });
  }

  /** Stores an answer (a refusal, mapped by the caller after `run` threw). */
  store(key: string, method: string, path: string, a: StoredAnswer): void {
    putIdempotentAnswer(this.db, {
      idem_key: key,
      method,
      path,
      status: a.status,
      headers: JSON.stringify(a.headers ?? {}),
      body: a.body ?? null,
      created_at: new Date(this.clock.now()).toISOString(),
    });
  }
}
