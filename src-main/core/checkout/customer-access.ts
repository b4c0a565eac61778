import type { CheckoutOrders } from './checkout-orders';
import { displayStatus } from './checkout-orders';
import type { CustomerTokens } from './customer-tokens';
import type { Session } from './session-state';

/** Why the embedded checkout refuses to open (each has its own page and words). */
export type Refusal = 'unknown_order' | 'bad_token' | 'expired' | 'aborted';

export type Access = { ok: true; session: Session } | { ok: false; refusal: Refusal; session?: Session };

/**
 * Whether `token` opens the order's embedded checkout. A completed order still opens (it shows the
 * confirmation); an expired or aborted one does not. The token is checked before anything about the
 * order is told, so a wrong token learns nothing but "not valid".
 */
export function customerAccess(
  orders: CheckoutOrders,
  tokens: CustomerTokens,
  orderId: string,
  token: string | null,
  now: number,
): Access {
  const session = orders.load(orderId);
  if (!tokens.verify(orderId, token)) return { ok: false, refusal: session ? 'bad_token' : 'unknown_order' };
  if (!session) return { ok: false, refusal: 'unknown_order' };
  const status = displayStatus(session, now);
  if (status === 'expired' || status === 'aborted') return { ok: false, refusal: status, session };
  return { ok: true, session };
}
