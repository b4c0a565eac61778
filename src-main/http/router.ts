import type { Violation } from '@shared/schemas/exchange.schema';
import type { HttpRequest, HttpResponse } from '../net/message';

// The request and answer types belong to the HTTP stack (net/); the apps use them under these names.
export type { HttpRequest, HttpResponse };
export { splitTarget } from '../net/message';

/** What a handler records about the exchange beyond the HTTP messages. */
export interface ExchangeMeta {
  kind: string;
  orderId: string | null;
  outcome: string | null;
  /** Rules of the spec the caller broke with this request (recorded, not refused). */
  violations: Violation[];
  /**
   * The request body as text with its content hash, when the handler has both already (a memoized
   * answer): the log then neither decodes nor hashes it again.
   */
  requestBody?: { text: string; hash: string };
  /** The credentials a refused request sent, sealed (see CredentialSeal): recorded for Copy as cURL. */
  sealedAuthorization?: string;
  /** Why the simulator answered 500 (internal-error.ts): the exception, recorded as the exchange's `error`. */
  error?: string;
  /** The exchange's time when not the simulator clock's (a request about an order on a test clock). */
  at?: number;
  /** Ends what AppOptions.track began for this request, once it is answered. */
  untrack?: (() => void) | null;
}

export interface Ctx {
  req: HttpRequest;
  params: Record<string, string>;
  meta: ExchangeMeta;
}

export type Handler = (c: Ctx) => HttpResponse | Promise<HttpResponse>;

interface Route {
  method: string;
  kind: string;
  segments: string[];
  /** Per segment, the parameter it captures (`:name` → `name`), or null for a literal one. */
  names: (string | null)[];
  handler: Handler;
}

export type Match =
  { found: true; route: Route; params: Record<string, string> } | { found: false; allowed: string[] };

/** A small path router: `:name` segments capture, everything else matches literally. */
export class Router {
  // Routes bucketed by segment count and first segment, so a request is compared with a handful of
  // routes instead of all of them (the provider app has dozens).
  private buckets = new Map<string, Route[]>();

  add(method: string, pattern: string, kind: string, handler: Handler): this {
    const segments = pattern.split('/').filter(Boolean);
    const first = segments[0] ?? '';
    const key = `${segments.length}|${first.startsWith(':') ? '*' : first}`;
    let bucket = this.buckets.get(key);
    if (!bucket) this.buckets.set(key, (bucket = []));
    const names = segments.map((seg) => (seg.startsWith(':') ? seg.slice(1) : null));
    bucket.push({ method, kind, segments, names, handler });
    return this;
  }

  /** Every registered route as it was added (method, pattern, kind), for documentation and its tests. */
  routes(): { method: string; pattern: string; kind: string }[] {
    return [...this.buckets.values()].flat().map((r) => ({
      method: r.method,
      pattern: `/${r.segments.join('/')}`,
      kind: r.kind,
    }));
  }

  match(method: string, path: string): Match {
    const parts = path.split('/').filter(Boolean);
    const allowed: string[] = [];
    // Runs for every request: the two buckets are walked in place, not copied into one list.
    for (const bucket of [
      this.buckets.get(`${parts.length}|${parts[0] ?? ''}`),
      this.buckets.get(`${parts.length}|*`),
    ]) {
      if (bucket === undefined) continue;
      for (const r of bucket) {
        const params = matchSegments(r, parts);
        if (!params) continue;
        if (r.method === method) return { found: true, route: r, params };
        allowed.push(r.method);
      }
    }
    return { found: false, allowed };
  }
}

function matchSegments(r: Route, parts: string[]): Record<string, string> | null {
  const { segments, names } = r;
  if (segments.length !== parts.length) return null;
  // Literal segments first: most candidates differ there, before any parameter is decoded.
  for (let i = 0; i < segments.length; i++) if (names[i] === null && segments[i] !== parts[i]) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < segments.length; i++) {
    const name = names[i];
    if (name === null || name === undefined) continue;
    const v = parts[i]!;
    if (!v.includes('%')) params[name] = v;
    else {
      try {
        params[name] = decodeURIComponent(v);
      } catch {
        return null;
      }
    }
  }
  return params;
}
