import { performance } from 'node:perf_hooks';
import type { BodyHashes, ExchangeEntry } from '../core/exchanges/exchange-log';
import { maskBody, maskHeaders } from '../core/exchanges/mask';
import { bodyHash } from '../core/exchanges/body-hash';
import { exchangeId } from '../core/exchanges/exchange-id';
import { MaskedHeadersCache } from '../core/exchanges/header-json';
import { invalid, SimFailure } from '../core/errors';
import type { FieldProblem } from '@shared/schemas/common.schema';
import { inRequestScope, type RequestScope } from './request-scope';
import { malformedEscape } from './target-check';
import {
  Router,
  type Ctx,
  type ExchangeMeta,
  type Handler,
  type HttpRequest,
  type HttpResponse,
} from './router';

/** Maps anything a handler throws to the API's own error shape (`req`: for apps serving several shapes). */
export type ErrorMapper = (err: unknown, meta: ExchangeMeta, req?: HttpRequest) => HttpResponse;

export interface AppOptions {
  /** Runs before routing; a response short-circuits (authentication). */
  guard?: (req: HttpRequest, meta: ExchangeMeta) => HttpResponse | null;
  onError: ErrorMapper;
  /** The response when no route matches path (allowed empty) or method (allowed listed). */
  notFound: (req: HttpRequest, allowed: string[]) => HttpResponse;
  /** Receives every finished exchange (and its bodies' hashes when known); omitted in apps that record nothing. */
  record?: (e: ExchangeEntry, hashes?: BodyHashes) => void;
  /** The simulator's clock, for the exchanges' timestamps. */
  now?: () => number;
  /**
   * The clock what the route's path names runs on (an order bound to a test clock), or null: the handler
   * runs on it and the exchange carries its time.
   */
  clockOf?: (params: Record<string, string>) => { now(): number; run<T>(fn: () => T): T } | null;
  /**
   * Told when a routed request begins (its path's params); the function it returns is called once the
   * request is answered. The provider API tells the merchant's requests about an order (MerchantReactions).
   */
  track?: (params: Record<string, string>, req: HttpRequest) => (() => void) | null;
  /** Answers to these requests carry a Klarna-Correlation-Id (see HttpResponse.correlate). */
  correlated?: (req: HttpRequest) => boolean;
  /** The listener's name in log lines (`provider API`). */
  name?: string;
  /** The error code of a refused request target (a malformed percent-escape); `BAD_VALUE` by default. */
  invalidCode?: string;
  /** The error code of a request refused for a foreign Host (serve.ts); `HOST_NOT_ALLOWED` by default. */
  hostCode?: string;
}

const MAX_RECORDED_BODY = 64 * 1024;

function bodyText(body: Buffer | string | null | undefined): string | null {
  if (body === null || body === undefined || body.length === 0) return null;
  const text = typeof body === 'string' ? body : body.toString('utf8');
  return text.length > MAX_RECORDED_BODY
    ? `${text.slice(0, MAX_RECORDED_BODY)}… [${text.length - MAX_RECORDED_BODY} more characters not recorded]`
    : text;
}

/**
 * The answer with `correlate` set, built with every field in one order: a spread (`{...res}`) made an
 * object of another shape per answer and cost the hot path about 2.5 µs a request (checkout-get 0.77× →
 * 0.62× of the bare server when Klarna-Correlation-Id came in).
 */
function correlated(res: HttpResponse): HttpResponse {
  return {
    status: res.status,
    headers: res.headers,
    body: res.body,
    bodyHash: res.bodyHash,
    correlate: true,
  };
}

/**
 * One party's HTTP app. `handle` takes a request already read and returns the response, so tests call it
 * without a socket; the node adapter (serve.ts) is the only code that touches sockets.
 */
export class App {
  readonly router = new Router();
  /** Hashes of bodies known to hold no secret: logged as they are, without scanning them again. */
  private readonly clean = new Set<string>();
  /**
   * Bodies that needed masking, by their hash: the masked text and its own hash. An order's answer
   * always does (its html_snippet holds the customer token), and the same order is read again and
   * again, so the masked body is made and hashed once and then shared by reference like a clean one.
   */
  private readonly maskedByHash = new Map<string, { text: string; hash: string }>();
  /** The masked request headers' JSON by the header lines they came from (the same client repeats them). */
  private readonly maskedHeaders = new MaskedHeadersCache();
  /** The last timestamp recorded and its ISO text: under load many exchanges share a millisecond. */
  private lastAt = Number.NaN;
  private lastIso = '';

  constructor(private readonly opts: AppOptions) {}

  route(method: string, pattern: string, kind: string, handler: Handler): this {
    this.router.add(method, pattern, kind, handler);
    return this;
  }

  /**
   * Answers a request; synchronous handlers answer synchronously (no promise on the hot path). Whatever
   * the handler throws, at once or later from work it started (request-scope.ts), is answered in the
   * API's error shape: no request can stop the process.
   */
  handle(req: HttpRequest): HttpResponse | Promise<HttpResponse> {
    const scope: RequestScope = { listener: this.opts.name ?? 'HTTP', method: req.method, path: req.path };
    return inRequestScope(scope, () => this.answer(req, scope));
  }

  /**
   * Refuses, before any route or guard sees it, a request that named a foreign Host (serve.ts checks it
   * on every socket request): 403 in the API's error shape, recorded in the log as `host_not_allowed`.
   */
  refuseHost(req: HttpRequest, problem: FieldProblem): HttpResponse {
    const started = performance.now();
    const at = this.opts.now?.() ?? Date.now();
    const meta: ExchangeMeta = { kind: 'host_not_allowed', orderId: null, outcome: null, violations: [] };
    const err = new SimFailure('forbidden', this.opts.hostCode ?? 'HOST_NOT_ALLOWED', problem.message, [
      problem,
    ]);
    return this.finish(req, meta, this.opts.onError(err, meta, req), started, at);
  }

  private answer(req: HttpRequest, scope: RequestScope): HttpResponse | Promise<HttpResponse> {
    const started = performance.now();
    // The simulator's clock when the request came in: on a paused clock, "now minus the duration"
    // would put a slow call before a faster one that came after it.
    const at = this.opts.now?.() ?? Date.now();
    const meta: ExchangeMeta = {
      kind: 'unknown',
      orderId: null,
      outcome: null,
      violations: [],
      untrack: null,
    };
    const onError = (err: unknown) => this.opts.onError(err, meta, req);
    let out: HttpResponse | Promise<HttpResponse>;
    try {
      // The target is checked before anything reads it: no route or guard decodes a malformed escape.
      const bad = malformedEscape(req.path, req.search);
      if (bad) {
        meta.kind = 'malformed_target';
        out = onError(invalid([bad], this.opts.invalidCode));
      } else out = this.opts.guard?.(req, meta) ?? this.dispatch(req, meta);
    } catch (err) {
      out = onError(err);
    }
    if (!(out instanceof Promise)) return this.finish(req, meta, out, started, meta.at ?? at);
    const pending = out;
    return new Promise<HttpResponse>((resolve, reject) => {
      let settled = false;
      const settle = (res: HttpResponse) => {
        if (settled) return false;
        settled = true;
        scope.fail = undefined; // answered: what the scope's later work carries need not keep the request
        try {
          resolve(this.finish(req, meta, res, started, meta.at ?? at));
        } catch (err) {
          reject(err); // the server's plain 500, as for a synchronous answer
        }
        return true;
      };
      // An exception escaping the handler's work later still answers this request, in its shape.
      scope.fail = (err) => settle(onError(err));
      pending.then(settle, (err: unknown) => settle(onError(err)));
    });
  }

  private finish(
    req: HttpRequest,
    meta: ExchangeMeta,
    res: HttpResponse,
    started: number,
    at: number,
  ): HttpResponse {
    meta.untrack?.();
    if (this.opts.correlated?.(req)) res = correlated(res);
    if (!this.opts.record) return res;
    const durationMs = performance.now() - started;
    // A HEAD answer goes out without its body: the log shows what was sent.
    const response =
      req.method === 'HEAD'
        ? { text: null, hash: undefined }
        : this.logged(bodyText(res.body), (res.body?.length ?? 0) <= MAX_RECORDED_BODY, res.bodyHash);
    const known = meta.requestBody;
    const request = req.bodyTooLarge
      ? { text: '[body over the size limit, not read]', hash: undefined }
      : known
        ? this.logged(bodyText(known.text), known.text.length <= MAX_RECORDED_BODY, known.hash)
        : this.logged(bodyText(req.body), false, undefined);
    const entry: ExchangeEntry = {
      id: exchangeId(),
      order_id: meta.orderId,
      direction: 'in',
      kind: meta.kind,
      method: req.method,
      url: req.search ? `${req.path}?${req.search}` : req.path,
      status: res.status,
      duration_ms: Math.round(durationMs * 1000) / 1000,
      // The simulator's clock, so exchanges line up with timers on the timeline.
      at: this.iso(at),
      request: { headers: this.requestHeaders(req), body: request.text },
      response: { headers: res.headers ?? {}, body: response.text },
      outcome: meta.outcome,
      violations: meta.violations,
    };
    // Set after the fact: only a refused or failed request has them, and the common entry keeps its one shape.
    if (meta.sealedAuthorization !== undefined) entry.sealed_authorization = meta.sealedAuthorization;
    if (meta.error !== undefined) entry.error = meta.error;
    this.opts.record(
      entry,
      request.hash === undefined && response.hash === undefined
        ? undefined
        : { request: request.hash, response: response.hash },
    );
    return res;
  }

  /** The request's headers as logged (secrets masked), as JSON text cached by the header lines when known. */
  private requestHeaders(req: HttpRequest): Record<string, string> | string {
    return req.headerBlock === undefined
      ? maskHeaders(req.headers)
      : this.maskedHeaders.get(req.headerBlock, req.headers);
  }

  private iso(ms: number): string {
    if (ms !== this.lastAt) {
      this.lastAt = ms;
      this.lastIso = new Date(ms).toISOString();
    }
    return this.lastIso;
  }

  /**
   * A body as logged (secrets masked) and its hash when that is still right: only for a body logged
   * whole (`whole`) and unmasked. A hash seen clean before skips the scan for secrets.
   */
  private logged(
    text: string | null,
    whole: boolean,
    hash: string | undefined,
  ): { text: string | null; hash: string | undefined } {
    if (hash !== undefined && whole) {
      if (this.clean.has(hash)) return { text, hash };
      const known = this.maskedByHash.get(hash);
      if (known !== undefined) return known;
    }
    const masked = maskBody(text);
    if (hash === undefined || !whole || masked === null) return { text: masked, hash: undefined };
    if (masked !== text) {
      const entry = { text: masked, hash: bodyHash(masked) };
      if (this.maskedByHash.size >= 1_000) this.maskedByHash.clear();
      this.maskedByHash.set(hash, entry);
      return entry;
    }
    if (this.clean.size >= 10_000) this.clean.clear();
    this.clean.add(hash);
    return { text, hash };
  }

  private dispatch(req: HttpRequest, meta: ExchangeMeta): HttpResponse | Promise<HttpResponse> {
    let m = this.router.match(req.method, req.path);
    // HEAD is GET without the body (RFC 9110 §9.3.2): the socket adapter sends the head alone.
    if (!m.found && req.method === 'HEAD') {
      const get = this.router.match('GET', req.path);
      if (get.found) m = get;
    }
    if (!m.found) {
      const allowed = m.allowed.includes('GET') ? [...m.allowed, 'HEAD'] : m.allowed;
      return this.opts.notFound(req, allowed);
    }
    meta.kind = m.route.kind;
    const ctx: Ctx = { req, params: m.params, meta };
    if (this.opts.track) meta.untrack = this.opts.track(m.params, req);
    const on = this.opts.clockOf?.(m.params);
    if (!on) return m.route.handler(ctx);
    meta.at = on.now();
    return on.run(() => m.route.handler(ctx));
  }
}
