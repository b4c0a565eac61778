// Visitor sessions: a random id in an HttpOnly cookie `sid`, the session itself in memory.
//
// A session holds the cart (product id → quantity), the market the visitor is in, and the id of the
// checkout order the visitor is working on. Keeping that order id is the provider's best practice: the
// checkout page reuses the order instead of creating one per page view, so the customer's address and
// choices survive a reload.

import { randomBytes, randomUUID } from 'node:crypto';
import { HOME_MARKET } from './catalogue.mjs';

const COOKIE = 'sid';
/** Sessions idle this long are forgotten (the checkout order itself expires after 48 hours). */
const IDLE_MS = 48 * 3600 * 1000;
/** The most visitors remembered at once: beyond it, the one seen longest ago is forgotten. */
export const MAX_SESSIONS = 10_000;

export function createSessionStore({ maxSessions = MAX_SESSIONS, idleMs = IDLE_MS } = {}) {
  const sessions = new Map();
  /** checkout order id → session, so callbacks (which carry the order id) can find the visitor. */
  const byOrder = new Map();

  function fresh() {
    // Forget idle sessions, and the least recently seen beyond MAX_SESSIONS, so that a long-running shop
    // (or a crawler that never keeps its cookie) cannot fill its memory. The map is in the order the
    // visitors were last seen (sessionFor moves a visitor to its end), so the oldest are at its start
    // and the sweep stops at the first it keeps: each visit costs the same however many there are.
    for (const [id, old] of sessions) {
      if (Date.now() - old.seenAt <= idleMs && sessions.size < maxSessions) break;
      sessions.delete(id);
      if (old.checkoutOrderId) byOrder.delete(old.checkoutOrderId);
    }
    const session = {
      // The cookie value is a secret: whoever has it is the visitor. It never leaves this process.
      id: randomUUID(),
      // A short, non-secret reference for support lookups; this is what goes into merchant_reference2.
      ref: `V-${randomBytes(4).toString('hex').toUpperCase()}`,
      cart: new Map(),
      market: HOME_MARKET,
      shippingOptionId: null,
      checkoutOrderId: null,
      seenAt: Date.now(),
    };
    sessions.set(session.id, session);
    return session;
  }

  /** The visitor's session, created on the first visit; sets the cookie on `res` when new. */
  function sessionFor(req, res) {
    const sid = parseCookies(req.headers.cookie)[COOKIE];
    let session = sid ? sessions.get(sid) : undefined;
    if (session && Date.now() - session.seenAt > idleMs) session = undefined;
    if (session) {
      // Seen now: to the end of the map, the most recently seen.
      sessions.delete(session.id);
      sessions.set(session.id, session);
    } else {
      session = fresh();
      // HttpOnly: page scripts cannot read it. SameSite=Lax: other sites cannot post forms with it.
      res.setHeader('Set-Cookie', `${COOKIE}=${session.id}; Path=/; HttpOnly; SameSite=Lax`);
    }
    session.seenAt = Date.now();
    return session;
  }

  /** Remembers which visitor a checkout order belongs to. */
  function linkOrder(session, orderId) {
    if (session.checkoutOrderId) byOrder.delete(session.checkoutOrderId);
    session.checkoutOrderId = orderId;
    if (orderId) byOrder.set(orderId, session);
  }

  /** Empties the cart and forgets the checkout order: the purchase is done. */
  function finishOrder(orderId) {
    const session = byOrder.get(orderId);
    if (!session || session.checkoutOrderId !== orderId) return;
    session.cart.clear();
    session.shippingOptionId = null;
    linkOrder(session, null);
  }

  return {
    sessionFor,
    linkOrder,
    finishOrder,
    forOrder: (orderId) => byOrder.get(orderId),
    /** How many visitors are remembered. */
    size: () => sessions.size,
  };
}

/** The cart as a list of { productId, quantity }, the shape cart.mjs works with. */
export function cartItems(session) {
  return [...session.cart].map(([productId, quantity]) => ({ productId, quantity }));
}

function parseCookies(header = '') {
  const out = {};
  for (const part of header.split(';')) {
    const i = part.indexOf('=');
    if (i > 0) out[part.slice(0, i).trim()] = part.slice(i + 1).trim();
  }
  return out;
}
