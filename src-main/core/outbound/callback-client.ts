import { request as httpRequest, Agent as HttpAgent, type IncomingMessage } from 'node:http';
import { request as httpsRequest, Agent as HttpsAgent } from 'node:https';
import { performance } from 'node:perf_hooks';
import type { TLSSocket } from 'node:tls';
import type { Violation } from '@shared/schemas/exchange.schema';
import type { RawAnswer } from '@shared/rules/callback-answers';
import type { Clock } from '../clock';
import { exchangeId } from '../exchanges/exchange-id';
import type { ExchangeLog } from '../exchanges/exchange-log';
import { maskBody, maskHeaders } from '../exchanges/mask';
import { VERSION } from '../version';
import { tlsVerdict, type TlsRules } from './tls-policy';

export interface OutboundRequest {
  kind: string;
  orderId: string | null;
  method: string;
  url: string;
  headers?: Record<string, string>;
  body: string | null;
  timeoutMs: number;
}

/** What `deliver` learnt beyond the answer: the peer certificate's trust, for the production TLS rules. */
export interface Delivery {
  answer: RawAnswer;
  /** Why the https peer's certificate is not trusted (self-signed, …), or null when trusted or plain http. */
  untrusted: string | null;
}

/** The verdict on an answer: recorded on the exchange, then returned to the caller. */
export interface Judgement<T> {
  outcome: string;
  violations: Violation[];
  value: T;
}

const MAX_ANSWER = 1024 * 1024;
export const USER_AGENT = `CheckoutSimulator/${VERSION} (+https://localhost; simulated checkout service)`;

// Keep-alive agents: a merchant stub answering many callbacks is not paying a TCP handshake each time.
// Certificates are not verified by default (a self-signed certificate works in-session, as the spec
// says); `verified` is the agent for calls that production makes with verification (push under the
// production TLS rules).
const agents = {
  http: new HttpAgent({ keepAlive: true }),
  https: new HttpsAgent({ keepAlive: true, rejectUnauthorized: false }),
  verified: new HttpsAgent({ keepAlive: true, rejectUnauthorized: true }),
};

/** A trust failure of the peer certificate, from the TLS socket (only set when not verified by the agent). */
function untrustedReason(res: IncomingMessage): string | null {
  const socket = res.socket as Partial<TLSSocket> | null;
  if (!socket || socket.encrypted !== true || socket.authorized !== false) return null;
  return String(socket.authorizationError ?? 'not trusted');
}

function readAnswer(res: IncomingMessage): Promise<{ body: string; tooLarge: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    res.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= MAX_ANSWER) chunks.push(c);
    });
    res.on('end', () =>
      resolve({ body: Buffer.concat(chunks).toString('utf8'), tooLarge: size > MAX_ANSWER }),
    );
    res.on('error', reject);
  });
}

/** Sends one request and waits at most `timeoutMs` for the whole answer. Never throws. */
export async function deliver(req: OutboundRequest, headers: Record<string, string>): Promise<RawAnswer> {
  return (await deliverChecked(req, headers, false)).answer;
}

/** Like deliver, and reports the peer certificate's trust; `verify` refuses an untrusted certificate. */
export function deliverChecked(
  req: OutboundRequest,
  headers: Record<string, string>,
  verify: boolean,
): Promise<Delivery> {
  let untrusted: string | null = null;
  return sendRaw(req, headers, verify, (r) => (untrusted = untrustedReason(r))).then((answer) => ({
    answer,
    untrusted,
  }));
}

function sendRaw(
  req: OutboundRequest,
  headers: Record<string, string>,
  verify: boolean,
  onResponse: (res: IncomingMessage) => void,
): Promise<RawAnswer> {
  return new Promise((resolve) => {
    let url: URL;
    try {
      url = new URL(req.url);
    } catch {
      return resolve({
        status: null,
        headers: {},
        body: null,
        error: 'unreachable',
        errorDetail: `'${req.url}' is not a valid URL`,
      });
    }
    const secure = url.protocol === 'https:';
    if (!secure && url.protocol !== 'http:') {
      return resolve({
        status: null,
        headers: {},
        body: null,
        error: 'unreachable',
        errorDetail: `unsupported scheme ${url.protocol}`,
      });
    }
    const send = secure ? httpsRequest : httpRequest;
    let settled = false;
    const done = (a: RawAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(a);
    };
    const r = send(
      url,
      {
        method: req.method,
        headers,
        agent: secure ? (verify ? agents.verified : agents.https) : agents.http,
      },
      (res) => {
        onResponse(res);
        readAnswer(res).then(
          ({ body, tooLarge }) =>
            done(
              tooLarge
                ? {
                    status: res.statusCode ?? null,
                    headers: {},
                    body: null,
                    error: 'unreachable',
                    errorDetail: `the answer is larger than ${MAX_ANSWER} bytes`,
                  }
                : { status: res.statusCode ?? null, headers: flatHeaders(res), body },
            ),
          (err: Error) =>
            done({ status: null, headers: {}, body: null, error: 'unreachable', errorDetail: err.message }),
        );
      },
    );
    const timer = setTimeout(() => {
      done({ status: null, headers: {}, body: null, error: 'timeout' });
      r.destroy();
    }, req.timeoutMs);
    r.on('error', (err: NodeJS.ErrnoException) =>
      done({
        status: null,
        headers: {},
        body: null,
        error: 'unreachable',
        errorDetail: err.code ? `${err.code} ${err.message}` : err.message,
      }),
    );
    r.end(req.body ?? undefined);
  });
}

function flatHeaders(res: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(res.headers))
    if (v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

/**
 * The one client for every call the simulator makes (callbacks, and later the integrator): it sends,
 * judges the answer with the caller's rule, and records the exchange with that outcome and its
 * violations before the caller sees anything.
 */
export class OutboundClient {
  constructor(
    private readonly exchanges: ExchangeLog,
    private readonly clock: Clock,
    /** Whether the production TLS rules are on (a setting); read on every call. */
    private readonly rules: () => TlsRules = () => ({ enforce: false }),
  ) {}

  async send<T>(
    req: OutboundRequest,
    judge: (a: RawAnswer) => Judgement<T>,
  ): Promise<{ value: T; exchangeId: string; answer: RawAnswer; durationMs: number }> {
    const headers: Record<string, string> = {
      'user-agent': USER_AGENT,
      ...(req.body !== null
        ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(req.body)) }
        : { 'content-length': '0' }),
      ...req.headers,
    };
    const at = new Date(this.clock.now()).toISOString();
    const started = performance.now();
    const tls = tlsVerdict(req.kind, req.url, this.rules());
    const delivery: Delivery = tls.refuse
      ? { answer: tls.refuse, untrusted: null }
      : await deliverChecked(req, headers, tls.verify);
    const answer = delivery.answer;
    const durationMs = Math.round((performance.now() - started) * 1000) / 1000;
    const verdict = judge(answer);
    const violations = [...tls.violations(delivery), ...verdict.violations];
    const id = exchangeId();
    this.exchanges.record({
      id,
      order_id: req.orderId,
      direction: 'out',
      kind: req.kind,
      method: req.method,
      url: req.url,
      status: answer.status,
      duration_ms: durationMs,
      at,
      request: { headers: maskHeaders(headers), body: maskBody(req.body) },
      response: {
        headers: answer.headers,
        body: answer.error ? `[no answer: ${answer.errorDetail ?? answer.error}]` : maskBody(answer.body),
      },
      outcome: verdict.outcome,
      violations,
    });
    return { value: verdict.value, exchangeId: id, answer, durationMs };
  }
}
