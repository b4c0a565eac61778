import { performance } from 'node:perf_hooks';
import type { Violation } from '@shared/schemas/exchange.schema';
import type { RawAnswer } from '@shared/rules/callback-answers';
import type { MerchantFault } from '@shared/schemas/merchant-faults.schema';
import type { Clock } from '../clock';
import { exchangeId } from '../exchanges/exchange-id';
import type { ExchangeLog } from '../exchanges/exchange-log';
import { maskBody, maskHeaders } from '../exchanges/mask';
import { MaskedHeadersCache } from '../exchanges/header-json';
import { VERSION } from '../version';
import { tlsVerdict, type TlsRules } from './tls-policy';
import { wireCall } from '../../net/wire-client';
import type { Trust } from '../../net/tls/trust';

export interface OutboundRequest {
  kind: string;
  orderId: string | null;
  method: string;
  url: string;
  headers?: Record<string, string>;
  body: string | null;
  timeoutMs: number;
  /** The merchant fault this call is made under: recorded on its exchange (`fault`) and in its outcome. */
  fault?: MerchantFault;
  /**
   * Abandon at `timeoutMs` without closing the connection (the fault `abandon_slow_callback`): the
   * caller gets a time-out while the request stays open at the merchant, whose late answer is recorded
   * as an exchange of its own (and ignored).
   */
  abandon?: boolean;
  /** A replay: the exchange it sends again, and what was edited before (recorded on the new exchange). */
  replayOf?: { id: string; edited: string[] };
  /** The id to record the exchange under, reserved by the caller (push: at the claim, see push-service.ts). */
  exchangeId?: string;
  /** Told just before the request goes on the socket (net/wire-client.ts); never for one not sent. */
  onWrite?: () => void;
}

/** How long an abandoned call may stay open at the merchant before the simulator closes it after all. */
export const ABANDONED_CALL_LIMIT_MS = 120_000;

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
export async function deliver(
  req: OutboundRequest,
  headers: Record<string, string>,
  trust: Trust | null = null,
): Promise<RawAnswer> {
  return (await deliverChecked(req, headers, false, trust)).answer;
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
  trust: Trust | null = null,
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
    trust,
    maxAnswer: MAX_ANSWER,
    onWrite: req.onWrite,
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
    /** The authorities an https peer's certificate may chain to: Node's roots plus `--merchant-ca`'s. */
    private readonly trust: Trust | null = null,
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
  ): Promise<{ value: T; exchangeId: string; answer: RawAnswer; durationMs: number; abandoned: boolean }> {
    const headers: Record<string, string> = {
      'User-Agent': USER_AGENT,
      ...(req.body !== null
        ? { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(req.body)) }
        : { 'Content-Length': '0' }),
      ...req.headers,
    };
    if (req.headers !== undefined) ownCaseWins(headers, req.headers);
    const at = new Date(this.clock.now()).toISOString();
    const started = performance.now();
    const tls = tlsVerdict(req.kind, req.url, this.rules());
    let delivery: Delivery;
    let fault = req.fault;
    if (tls.refuse) delivery = { answer: tls.refuse, untrusted: null };
    else if (req.abandon) {
      const r = await this.abandoning(req, headers, tls.verify, at, started);
      delivery = r.delivery;
      if (r.abandoned) fault = 'abandon_slow_callback';
    } else delivery = await deliverChecked(req, headers, tls.verify, this.trust);
    const answer = delivery.answer;
    const durationMs = elapsed(started);
    const verdict = judge(answer);
    const violations = [...tls.violations(delivery), ...verdict.violations];
    const id = req.exchangeId ?? exchangeId();
    this.record({ ...req, fault }, headers, at, durationMs, delivery, verdict.outcome, violations, id);
    return {
      value: verdict.value,
      exchangeId: id,
      answer,
      durationMs,
      abandoned: fault === 'abandon_slow_callback' && req.abandon === true,
    };
  }

  private record(
    req: OutboundRequest,
    headers: Record<string, string>,
    at: string,
    durationMs: number,
    delivery: Delivery,
    outcome: string,
    violations: Violation[],
    id: string,
  ): void {
    const answer = delivery.answer;
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
      outcome: req.fault ? `${outcome} · fault: ${req.fault}` : outcome,
      violations,
      ...(req.fault ? { fault: req.fault } : {}),
      ...(req.replayOf ? { replay_of: req.replayOf.id, edited: req.replayOf.edited } : {}),
    });
  }

  /**
   * The call under `abandon_slow_callback`: after `timeoutMs` the caller gets a time-out while the
   * request stays open (its connection is not closed); the merchant's answer, when it comes, is
   * recorded as an exchange of its own, marked with the fault, and changes nothing.
   */
  private abandoning(
    req: OutboundRequest,
    headers: Record<string, string>,
    verify: boolean,
    at: string,
    started: number,
  ): Promise<{ delivery: Delivery; abandoned: boolean }> {
    return new Promise((resolve) => {
      let abandoned = false;
      let answered = false;
      // As the wire client's own limit (net/wire-client.ts): connecting gets the limit, then it starts
      // again at the write; an answer already waiting in the socket when this busy process gets to the
      // timer is read before giving up.
      const giveUp = () =>
        setImmediate(() => {
          if (answered) return;
          abandoned = true;
          const answer: RawAnswer = {
            status: null,
            headers: {},
            body: null,
            error: 'timeout',
            errorDetail: `abandoned after ${req.timeoutMs} ms; the request is left open at the merchant`,
          };
          resolve({ delivery: { answer, untrusted: null }, abandoned: true });
        });
      let timer = setTimeout(giveUp, req.timeoutMs);
      const onWrite = () => {
        req.onWrite?.();
        clearTimeout(timer);
        timer = setTimeout(giveUp, req.timeoutMs);
      };
      const limit = ABANDONED_CALL_LIMIT_MS;
      const call = deliverChecked({ ...req, timeoutMs: limit, onWrite }, headers, verify, this.trust);
      void call.then((late) => {
        answered = true;
        if (!abandoned) {
          clearTimeout(timer);
          resolve({ delivery: late, abandoned: false });
          return;
        }
        const outcome = late.answer.error
          ? `never answered after being abandoned (${late.answer.errorDetail ?? late.answer.error})`
          : `answered ${late.answer.status} after being abandoned: ignored`;
        const lateReq = { ...req, fault: 'abandon_slow_callback' as const };
        this.record(lateReq, headers, at, elapsed(started), late, outcome, [], exchangeId());
      });
    });
  }
}

/** A caller's Content-Type or User-Agent in another letter case replaces the client's, not joins it. */
function ownCaseWins(headers: Record<string, string>, own: Record<string, string>): void {
  for (const name in own) {
    const lower = name.toLowerCase();
    if (lower === 'content-type' && name !== 'Content-Type') delete headers['Content-Type'];
    else if (lower === 'user-agent' && name !== 'User-Agent') delete headers['User-Agent'];
  }
}

const elapsed = (started: number): number => Math.round((performance.now() - started) * 1000) / 1000;
