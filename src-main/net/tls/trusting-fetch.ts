import { Agent, request } from 'node:https';
import { rootCertificates } from 'node:tls';

/** The part of `fetch` the sample shop and the scenario runner use. */
export type FetchLike = (input: string | URL, init?: RequestInit) => Promise<Response>;

/** Statuses whose answer has no body (a Response refuses one). */
const BODILESS = new Set([101, 204, 205, 304]);

/**
 * A `fetch` that also trusts the `extra` CAs, for the simulator's in-process clients of its own https listeners (the
 * sample shop, the console's scenario runs). Node 20's fetch takes its trusted roots from the process's
 * start (NODE_EXTRA_CA_CERTS) and offers no option for more without the undici package, so https goes
 * through node:https with the CA here; anything else goes to the global fetch unchanged.
 */
export function trustingFetch(extra: readonly string[]): FetchLike {
  const agent = new Agent({ ca: [...rootCertificates, ...extra], keepAlive: true });
  return (input, init = {}) => {
    const url = new URL(String(input));
    if (url.protocol !== 'https:') return fetch(input, init);
    return new Promise<Response>((resolve, reject) => {
      const headers: Record<string, string> = {};
      new Headers(init.headers).forEach((v, k) => (headers[k] = v));
      const method = init.method ?? 'GET';
      const req = request(url, { method, headers, agent, signal: init.signal ?? undefined }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const status = res.statusCode ?? 500;
          const answer = new Headers();
          // Set-Cookie stays one header per cookie (Headers.getSetCookie), as fetch gives it.
          for (const [k, v] of Object.entries(res.headers))
            for (const one of Array.isArray(v) ? v : v === undefined ? [] : [v]) answer.append(k, one);
          const body = BODILESS.has(status) || method === 'HEAD' ? null : Buffer.concat(parts);
          resolve(new Response(body, { status, statusText: res.statusMessage ?? '', headers: answer }));
        });
      });
      // As fetch words a failure: a TypeError whose cause is the socket's or TLS's own error.
      req.on('error', (err) =>
        reject(err.name === 'AbortError' ? err : new TypeError('fetch failed', { cause: err })),
      );
      if (init.body !== undefined && init.body !== null) req.write(init.body as string | Uint8Array);
      req.end();
    });
  };
}
