import type { MerchantRequest } from '@shared/schemas/scenario.schema';
import type { FetchLike } from './sim-api';

export interface MerchantAnswer {
  status: number;
  location: string | null;
  body: string;
}

/**
 * Requests to the merchant's own server, as a visitor's browser (or a back-office user) makes them: one
 * cookie jar per scenario, redirects not followed (a 303 after a form post is an answer, not an error).
 */
export function merchantClient(merchantUrl: string, fetchOf: FetchLike = fetch) {
  const base = merchantUrl.replace(/\/+$/, '');
  const cookies = new Map<string, string>();

  function urlOf(path: string): string {
    return /^https?:\/\//.test(path) ? path : `${base}${path.startsWith('/') ? '' : '/'}${path}`;
  }

  /** `_what` names the request for a recording wrapper (run-scenario.ts); the client itself ignores it. */
  async function send(req: MerchantRequest, orderId: string | null, _what?: string): Promise<MerchantAnswer> {
    const fill = (s: string) => (orderId ? s.replaceAll('{order_id}', orderId) : s);
    const method = req.method ?? 'GET';
    const headers: Record<string, string> = { 'user-agent': 'checkout-sim-scenarios' };
    let body: string | undefined;
    if (req.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(Object.entries(req.form).map(([k, v]) => [k, fill(v)])).toString();
    } else if (req.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = fill(JSON.stringify(req.json));
    }
    if (cookies.size) headers.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const url = urlOf(fill(req.path));
    let res: Response;
    try {
      res = await fetchOf(url, {
        method,
        headers,
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(60_000),
      });
    } catch (err) {
      const cause = (err as { cause?: { message?: string } }).cause?.message ?? (err as Error).message;
      throw new Error(`the merchant did not answer ${method} ${url}: ${cause}`, { cause: err });
    }
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const i = pair.indexOf('=');
      if (i > 0) cookies.set(pair.slice(0, i).trim(), pair.slice(i + 1).trim());
    }
    return { status: res.status, location: res.headers.get('location'), body: await res.text() };
  }

  return { send, urlOf };
}
export type MerchantClient = ReturnType<typeof merchantClient>;
