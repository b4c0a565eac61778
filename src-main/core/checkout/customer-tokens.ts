import { createHmac, timingSafeEqual } from 'node:crypto';
import { storedSecret } from '../settings';
import type { Db } from '../../store/db';

const SECRET_KEY = 'customer_token_secret';

/**
 * The customer's token of an order: what the embedded checkout is reached with, in place of the
 * merchant's credentials. It is derived from the order id with a secret kept in the data folder (made on
 * first start), so it needs no storage, cannot be guessed, and a token of one order opens no other. It is
 * valid as long as its order is (48 hours after the last merchant update or customer interaction).
 */
export class CustomerTokens {
  private readonly secret: Buffer;

  constructor(db: Db, now: () => number) {
    this.secret = storedSecret(db, SECRET_KEY, now);
  }

  /** The order's token: 32 base64url characters (192 bits). */
  tokenOf(orderId: string): string {
    return createHmac('sha256', this.secret).update(`customer:${orderId}`).digest('base64url').slice(0, 32);
  }

  /** Whether `token` is the order's, compared in constant time. */
  verify(orderId: string, token: string | null | undefined): boolean {
    if (typeof token !== 'string') return false;
    const want = Buffer.from(this.tokenOf(orderId));
    const got = Buffer.from(token);
    return got.length === want.length && timingSafeEqual(got, want);
  }
}
