import { describe, expect, it } from 'vitest';
import { Router } from './router';

const ok = () => ({ status: 200 });

function router() {
  return new Router()
    .add('GET', '/checkout/v3/orders/:order_id', 'read', ok)
    .add('POST', '/checkout/v3/orders/:order_id', 'update', ok)
    .add('GET', '/checkout/v3/orders/:order_id/lines', 'lines', ok)
    .add('GET', '/:tenant/status', 'status', ok);
}

describe('Router', () => {
  it('captures parameters, decoding percent escapes only where there are some', () => {
    const r = router();
    const plain = r.match('GET', '/checkout/v3/orders/abc-123');
    expect(plain).toMatchObject({ found: true, params: { order_id: 'abc-123' } });
    const escaped = r.match('GET', '/checkout/v3/orders/a%20b%2Fc');
    expect(escaped).toMatchObject({ found: true, params: { order_id: 'a b/c' } });
    expect(r.match('GET', '/shop/status')).toMatchObject({ found: true, params: { tenant: 'shop' } });
  });

  it('answers no match for a malformed escape, and lists the methods of a path with others', () => {
    const r = router();
    expect(r.match('GET', '/checkout/v3/orders/%zz')).toEqual({ found: false, allowed: [] });
    expect(r.match('DELETE', '/checkout/v3/orders/x')).toEqual({ found: false, allowed: ['GET', 'POST'] });
    expect(r.match('GET', '/checkout/v3/other/x')).toEqual({ found: false, allowed: [] });
  });
});
