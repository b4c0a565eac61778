import { performance } from 'node:perf_hooks';
import type { Violation } from '@shared/schemas/exchange.schema';
import type { RawAnswer } from '@shared/rules/callback-answers';
import type { Clock } from '../clock';
import { exchangeId } from '../exchanges/exchange-id';
import type { ExchangeLog } from '../exchanges/exchange-log';
import { maskBody, maskHeaders } from '../exchanges/mask';
import { MaskedHeadersCache } from '../exchanges/header-json';
import { VERSION } from '../version';
import { tlsVerdict, type TlsRules } from './tls-policy';
import { wireCall } from '../../net/wire-client';

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
  /** The answer's header lines as received, when there was an answer (net/wire-client.ts). */
  headerBlock?: string;
}

/** The verdict on an answer: recorded on the exchange, then returned to the caller. */
export interface Judgement<T> {
  outcome: string;
  violations: Violation[];
  value: T;
}

const MAX_ANSWER = 1024 * 1024;
export const USER_AGENT = `CheckoutSimulator/${VERSION} (+https://localhost; simulated checkout service)`;

const refused = (detail: string): Delivery => ({
  answer: { status: null, headers: {}, body: null, error: 'unreachable', errorDetail: detail },
  untrusted: null,
});

/** Sends one request and waits at most `timeoutMs` for the whole answer. Never throws. */
export async function deliver(req: OutboundRequest, headers: Record<string, string>): Promise<RawAnswer> {
  return (await deliverChecked(req, headers, false)).answer;
}

/**
 * Like deliver, and reports the peer certificate's trust. Certificates are not verified unless `verify`
 * (a self-signed certificate works in-session, as the spec says); `verify` refuses an untrusted one
 * (push under the production TLS rules). Connections are kept alive per origin (net/wire-client.ts).
 */
export function deliverChecked(
  req: OutboundRequest,
  headers: Record<string, string>,
  verify: boolean,
): Promise<Delivery> {
  let url: URL;
  try {
    url = new URL(req.url);
  } catch {
    return Promise.resolve(refused(`'${req.url}' is not a valid URL`));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return Promise.resolve(refused(`unsupported scheme ${url.protocol}`));
  }
  return wireCall({
    url,
    method: req.method,
    headers,
    body: req.body,
    timeoutMs: req.timeoutMs,
    verify: url.protocol === 'https:' && verify,
    maxAnswer: MAX_ANSWER,
  });
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

  /** Masked header JSON of answers, by their header lines; and of requests, by what built them. */
  private readonly answerHeaders = new MaskedHeadersCache();
  private readonly sentHeaders = new MaskedHeadersCache();
  /** A key per frozen header object a caller passes (a constant, such as push's). */
  private readonly frozenKeys = new WeakMap<object, string>();
  private nextFrozenKey = 0;

  /**
   * A request's headers as logged. They are built from the body (its presence and length) and the
   * caller's headers: when those are absent or a frozen constant, the JSON is cached by them.
   */
  private requestHeaders(
    req: OutboundRequest,
    headers: Record<string, string>,
  ): Record<string, string> | string {
    const own = req.headers;
    let key = '';
    if (own !== undefined) {
      if (!Object.isFrozen(own)) return maskHeaders(headers);
      key = this.frozenKeys.get(own) ?? '';
      if (key === '') this.frozenKeys.set(own, (key = `f${this.nextFrozenKey++}`));
    }
    const body = req.body === null ? 'none' : headers['Content-Length'];
    return this.sentHeaders.get(`${key} ${body}`, headers);
  }

  async send<T>(
    req: OutboundRequest,
    judge: (a: RawAnswer) => Judgement<T>,
  ): Promise<{ value: T; exchangeId: string; answer: RawAnswer; durationMs: number }> {
    const headers: Record<string, string> = {
      'User-Agent': USER_AGENT,
      ...(req.body !== null
        ? { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(req.body)) }
        : { 'Content-Length': '0' }),
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
      request: { headers: this.requestHeaders(req, headers), body: maskBody(req.body) },
      response: {
        headers:
          delivery.headerBlock === undefined
            ? maskHeaders(answer.headers)
            : this.answerHeaders.get(delivery.headerBlock, answer.headers),
        body: answer.error ? `[no answer: ${answer.errorDetail ?? answer.error}]` : maskBody(answer.body),
      },
      outcome: verdict.outcome,
      violations,
    });
    return { value: verdict.value, exchangeId: id, answer, durationMs };
  }
}
