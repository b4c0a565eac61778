import type { CheckoutOrders } from './checkout-orders';
import { displayStatus } from './checkout-orders';
import type { CustomerTokens } from './customer-tokens';
import type { Session } from './session-state';

/** Why the embedded checkout refuses to open (each has its own page and words). */
export type Refusal = 'unknown_order' | 'bad_token' | 'expired' | 'aborted';

export type Access = { ok: true; session: Session } | { ok: false; refusal: Refusal; session?: Session };

/**
 * Whether `token` opens the order's embedded checkout. A completed order still opens (it shows the
 * confirmation); an expired or aborted one does not. The token is checked before the order is even
 * looked up: a wrong token gets `bad_token` whether or not the order exists, so the answer is no oracle
 * for order ids. Only the order's own token (which needs the data folder's secret) learns that an order
 * is unknown.
 */
export function customerAccess(
  orders: CheckoutOrders,
  tokens: CustomerTokens,
  orderId: string,
  token: string | null,
  now: number,
): Access {
  if (!tokens.verify(orderId, token)) return { ok: false, refusal: 'bad_token' };
  const session = orders.load(orderId);
  if (!session) return { ok: false, refusal: 'unknown_order' };
  const status = displayStatus(session, now);
  if (status === 'expired' || status === 'aborted') return { ok: false, refusal: status, session };
  return { ok: true, session };
}
