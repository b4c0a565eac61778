import { performance } from 'node:perf_hooks';
import type { Exchange } from '@shared/schemas/exchange.schema';
import { maskHeaders } from '../core/exchanges/mask';
import { exchangeId } from '../core/exchanges/exchange-id';
import {
  Router,
  type Ctx,
  type ExchangeMeta,
  type Handler,
  type HttpRequest,
  type HttpResponse,
} from './router';

/** Maps anything a handler throws to the API's own error shape. */
export type ErrorMapper = (err: unknown, meta: ExchangeMeta) => HttpResponse;

export interface AppOptions {
  /** Runs before routing; a response short-circuits (authentication). */
  guard?: (req: HttpRequest, meta: ExchangeMeta) => HttpResponse | null;
  onError: ErrorMapper;
  /** The response when no route matches path (allowed empty) or method (allowed listed). */
  notFound: (req: HttpRequest, allowed: string[]) => HttpResponse;
  /** Receives every finished exchange; omitted in apps that record nothing. */
  record?: (e: Exchange) => void;
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
 * One party's HTTP app. `handle` takes a request already read and returns the response, so tests call it
 * without a socket; the node adapter (serve.ts) is the only code that touches sockets.
 */
export class App {
  readonly router = new Router();

  constructor(private readonly opts: AppOptions) {}

  route(method: string, pattern: string, kind: string, handler: Handler): this {
    this.router.add(method, pattern, kind, handler);
    return this;
  }

  async handle(req: HttpRequest): Promise<HttpResponse> {
    const started = performance.now();
    const at = new Date();
    const meta: ExchangeMeta = { kind: 'unknown', orderId: null, outcome: null, violations: [] };
    let res: HttpResponse;
    try {
      res = this.opts.guard?.(req, meta) ?? (await this.dispatch(req, meta));
    } catch (err) {
      res = this.opts.onError(err, meta);
    }
    if (this.opts.record) {
      this.opts.record({
        id: exchangeId(),
        order_id: meta.orderId,
        direction: 'in',
        kind: meta.kind,
        method: req.method,
        url: req.search ? `${req.path}?${req.search}` : req.path,
        status: res.status,
        duration_ms: Math.round((performance.now() - started) * 1000) / 1000,
        at: at.toISOString(),
        request: {
          headers: maskHeaders(req.headers),
          body: req.bodyTooLarge ? '[body over the size limit, not read]' : bodyText(req.body),
        },
        response: { headers: res.headers ?? {}, body: bodyText(res.body) },
        outcome: meta.outcome,
        violations: meta.violations,
      });
    }
    return res;
  }

  private dispatch(req: HttpRequest, meta: ExchangeMeta): HttpResponse | Promise<HttpResponse> {
    const m = this.router.match(req.method, req.path);
    if (!m.found) return this.opts.notFound(req, m.allowed);
    meta.kind = m.route.kind;
    const ctx: Ctx = { req, params: m.params, meta };
    return m.route.handler(ctx);
  }
}
