import type { SimTransport } from '../scenario-runner/sim-api';
import { wireCall } from '../net/wire-client';

/** The largest answer read: an order's whole exchange log, with every body, fits many times over. */
const MAX_ANSWER = 256 * 1024 * 1024;

/**
 * The runner's calls to the simulator over the simulator's own HTTP/1.1 client (net/wire-client.ts): one
 * write per call on a kept-alive connection, no WHATWG streams, no AbortSignal timer. An explore journey
 * makes a dozen and more such calls; through fetch each cost the runner about 1 ms of CPU and the
 * simulator more than through this client (docs/benchmarks.md, explore). The simulator's API never
 * redirects, so none is followed. A certificate is checked against Node's roots, as fetch does.
 */
export const simWireTransport: SimTransport = async (req) => {
  const headers: Record<string, string> = { ...req.headers };
  if (req.body !== null) headers['content-length'] = String(Buffer.byteLength(req.body));
  const { answer } = await wireCall({
    url: new URL(req.url),
    method: req.method,
    headers,
    body: req.body,
    timeoutMs: req.timeoutMs,
    verify: true,
    maxAnswer: MAX_ANSWER,
  });
  if (answer.status === null) throw new Error(answer.errorDetail ?? answer.error ?? 'no answer');
  return { status: answer.status, text: answer.body ?? '' };
};
