import {
  Router,
  type Ctx,
  type ExchangeMeta,
  type Handler,
  type HttpRequest,
  type HttpResponse,
} from './router';

/** Where an event stream writes: its text, and who is told when the client leaves. */
export interface StreamSink {
  write(text: string): void;
  end(): void;
  onClose(fn: () => void): void;
}

/**
 * An answer of a node:http listener's operation: an HttpResponse, with a binary body (a static file) or an
 * event stream (server-sent events) when it is one. The head goes out first; `stream` then writes to it
 * until the client leaves.
 */
export interface ListenerAnswer extends HttpResponse {
  bytes?: Buffer;
  stream?: (sink: StreamSink) => void;
}

export interface ListenerAppOptions {
  /** HEAD is answered as GET (RFC 9110 §9.3.2; node:http sends the head alone). */
  headAsGet?: boolean;
  /** Runs before routing; an answer short-circuits (a foreign Host, a foreign Origin). */
  guard?: (req: HttpRequest) => HttpResponse | null;
  /** A thrown failure as the API's answer; null for anything unexpected (the listener's recorded 500). */
  failure: (err: unknown) => HttpResponse | null;
  /** The answer when no operation matches path (allowed empty) or method (allowed listed). */
  notFound: (req: HttpRequest, allowed: string[]) => HttpResponse | Promise<HttpResponse>;
}

/**
 * The app of a node:http listener (the console's, the embedded checkout's): its declared operations on a
 * router (define-operation.ts, as the provider API's), answering a request already read, so tests call
 * `handle()` without a socket. The socket side (node-listener.ts) reads the body, writes the answer and
 * keeps the listener's own guards: the target check, the request scope, the recorded 500.
 */
export class ListenerApp {
  readonly router = new Router();

  constructor(private readonly opts: ListenerAppOptions) {}

  route(method: string, pattern: string, kind: string, handler: Handler): this {
    this.router.add(method, pattern, kind, handler);
    return this;
  }

  /**
   * Answers a request; a typed failure (SimFailure, a full disk) in the API's shape. Anything else is
   * thrown on (or rejects), for the listener to answer 500 and record with its cause.
   */
  handle(req: HttpRequest): ListenerAnswer | Promise<ListenerAnswer> {
    try {
      const out = this.opts.guard?.(req) ?? this.dispatch(req);
      return out instanceof Promise ? out.catch((err: unknown) => this.failed(err)) : out;
    } catch (err) {
      return this.failed(err);
    }
  }

  private failed(err: unknown): HttpResponse {
    const answer = this.opts.failure(err);
    if (answer === null) throw err;
    return answer;
  }

  private dispatch(req: HttpRequest): HttpResponse | Promise<HttpResponse> {
    let m = this.router.match(req.method, req.path);
    if (!m.found && req.method === 'HEAD' && this.opts.headAsGet === true) {
      const get = this.router.match('GET', req.path);
      if (get.found) m = get;
    }
    if (!m.found) return this.opts.notFound(req, m.allowed);
    const meta: ExchangeMeta = { kind: m.route.kind, orderId: null, outcome: null, violations: [] };
    const ctx: Ctx = { req, params: m.params, meta };
    return m.route.handler(ctx);
  }
}
