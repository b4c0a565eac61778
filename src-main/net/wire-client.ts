import { BAD_VALUE_CHAR, TOKEN } from './headers';
import { unreachable, type WireCall, type WireResult } from './wire-call';
import { pooledCall } from './wire-pool';

/**
 * The simulator's HTTP/1.1 client for every call it makes (callbacks, pushes, integrator calls): one
 * write per request on a kept-alive connection per origin, and a small answer parser. node:http's
 * client builds a ClientRequest, an IncomingMessage and their streams for every call, which cost more
 * than the call itself when an advance of the clock sends a hundred thousand pushes. Answers framed by
 * length, chunked or by closing the connection, 1xx interim answers, HEAD, time-outs and the answer
 * size limit are covered by wire-client.test.ts. What a call is: wire-call.ts; a connection and its call:
 * wire-client-connection.ts; the pool of kept-alive connections and the one retry: wire-pool.ts.
 */

export type { WireCall, WireResult };

/** Sends one request and waits at most `timeoutMs` for the whole answer. Never throws. */
export function wireCall(call: WireCall): Promise<WireResult> {
  for (const name in call.headers) {
    if (!TOKEN.test(name) || BAD_VALUE_CHAR.test(call.headers[name]!)) {
      return Promise.resolve({
        answer: unreachable(`invalid request header ${JSON.stringify(name)}`),
        untrusted: null,
      });
    }
  }
  const trust = call.trust ?? null;
  let key = `${call.url.protocol}//${call.url.host}${call.verify ? '|verified' : ''}`;
  // A connection made under other authorities is not reused: its certificate was judged by them.
  if (trust !== null && call.url.protocol === 'https:') key += `|${trust.id}`;
  return pooledCall(call, key, trust);
}
