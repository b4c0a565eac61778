// Visitor sessions are bounded: a crawler that never keeps its cookie cannot fill the shop's memory, and
// the visitors seen most recently (a customer in the middle of a checkout) are the ones kept.
import { describe, expect, it } from 'vitest';
import { createSessionStore } from '../sessions.mjs';

/** A request with the cookie (or none), and a response that keeps the cookie it is given. */
const visit = (store, sid) => {
  const res = { cookie: null, setHeader: (_name, value) => (res.cookie = /sid=([^;]+)/.exec(value)[1]) };
  const session = store.sessionFor({ headers: sid ? { cookie: `sid=${sid}` } : {} }, res);
  return { session, sid: res.cookie ?? sid };
};

describe('the shop’s visitor sessions', () => {
  it('keep at most maxSessions, forgetting the visitor seen longest ago first', () => {
    const store = createSessionStore({ maxSessions: 3 });
    const customer = visit(store);
    customer.session.cart.set('enamel-mug', 1);
    store.linkOrder(customer.session, 'order-1');
    const others = [visit(store), visit(store)];
    // The customer comes back: now the most recently seen.
    expect(visit(store, customer.sid).session).toBe(customer.session);
    // A crawler without cookies: 1,000 requests, and never more than three visitors remembered.
    for (let i = 0; i < 1000; i++) visit(store);
    expect(store.size()).toBe(3);
    expect(visit(store, others[0].sid).sid).not.toBe(others[0].sid); // forgotten: a new session
    expect(store.forOrder('order-1')).toBeUndefined();
  });

  it('keep the most recently seen when the crawler comes after them', () => {
    const store = createSessionStore({ maxSessions: 3 });
    visit(store);
    visit(store);
    const customer = visit(store);
    store.linkOrder(customer.session, 'order-2');
    visit(store); // one more visitor: the oldest goes, the customer stays
    expect(store.size()).toBe(3);
    expect(visit(store, customer.sid).session).toBe(customer.session);
    expect(store.forOrder('order-2')).toBe(customer.session);
  });
});
