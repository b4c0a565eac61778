import { basicAuth } from './helpers';
import { startLoopbackServer, type LoopbackServer } from './loopback-server';

/**
 * A merchant for the Explore page: a correct integration (callbacks answered 200, the order acknowledged
 * at the confirmation page and at each push) but for one bug real shops have: its callbacks throw for a
 * country the developer never tried (Denmark: a shipping rate table without DK), so they answer 500.
 */
export async function startBuggyMerchant(api: string): Promise<LoopbackServer> {
  const om = (method: string, id: string, tail = '') =>
    fetch(`${api}/ordermanagement/v1/orders/${encodeURIComponent(id)}${tail}`, {
      method,
      headers: { authorization: basicAuth() },
    });
  const answer = async (path: string, id: string, body: string): Promise<[number, string]> => {
    if (path === '/kco/push' || path === '/confirmation') {
      const read = await om('GET', id);
      if (read.status === 404) return path === '/kco/push' ? [200, '{}'] : [404, 'no such order'];
      await om('POST', id, '/acknowledge');
      return [200, path === '/kco/push' ? '{}' : '<html><body><h1>Thank you</h1></body></html>'];
    }
    if (!path.startsWith('/kco/')) return [404, 'not found'];
    const sent = (body ? JSON.parse(body) : {}) as {
      shipping_address?: { country?: string };
      purchase_country?: string;
    };
    const country = sent.shipping_address?.country ?? sent.purchase_country ?? '';
    // The bug: no shipping rates for Denmark, and the lookup throws.
    if (/^dk$/i.test(country) && path !== '/kco/validation') return [500, 'no shipping rate for DK'];
    return [200, '{}'];
  };
  return startLoopbackServer((req, body, res) => {
    const url = new URL(req.url ?? '/', 'http://merchant');
    answer(url.pathname, url.searchParams.get('order_id') ?? '', body).then(
      ([status, body]) =>
        res
          .writeHead(status, { 'content-type': body.startsWith('<') ? 'text/html' : 'application/json' })
          .end(body),
      (err: Error) => res.writeHead(500).end(err.message),
    );
  });
}
