/**
 * The runner's client of a simulator: only its public HTTP APIs (the checkout API, order management and
 * the automation API under /test_helpers), with the merchant's Basic credentials. A simulator started for
 * the run and one already running are reached the same way.
 */
export interface SimTarget {
  api: string;
  credentials: { username: string; password: string };
  /**
   * The fetch for the simulator's and the merchant's URLs: the global one unless the caller trusts more
   * CAs (the console's runs against its own `--tls` listeners, core/scenario-handlers.ts).
   */
  fetch?: FetchLike;
  /**
   * How the calls to the simulator are sent, instead of `fetch`: explore's many small calls go through
   * the simulator's own HTTP client (core/wire-transport.ts), which costs both sides far less CPU per
   * call than fetch does. The merchant's URLs still go through `fetch`.
   */
  transport?: SimTransport;
}

/** One call to the simulator as simApi makes it: the whole URL, lower-case header names, the body text. */
export interface SimRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | null;
  timeoutMs: number;
}

/** Sends a SimRequest: the status and the body's text, or a rejection saying why no answer came. */
export type SimTransport = (req: SimRequest) => Promise<{ status: number; text: string }>;

/** The part of `fetch` the runner uses. */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface SimAnswer {
  status: number;
  body: unknown;
}

/** A call the simulator refused or could not answer: the runner reports it as the scenario's error. */
export class SimCallError extends Error {}

export function simApi(target: SimTarget) {
  const base = target.api.replace(/\/+$/, '');
  const { username, password } = target.credentials;
  const authorization = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
  const send = target.transport ?? fetchTransport(target.fetch ?? fetch);

  async function call(method: string, path: string, body?: unknown): Promise<SimAnswer> {
    let res: { status: number; text: string };
    try {
      res = await send({
        method,
        url: base + path,
        headers: {
          authorization,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? null : JSON.stringify(body),
        timeoutMs: 120_000,
      });
    } catch (err) {
      const cause = (err as { cause?: { message?: string } }).cause?.message ?? (err as Error).message;
      throw new SimCallError(`the simulator at ${base} did not answer ${method} ${path}: ${cause}`, {
        cause: err,
      });
    }
    return { status: res.status, body: parseJson(res.text) };
  }

  /** A call that must succeed (2xx): its body, or a SimCallError naming what the simulator said. */
  async function ok<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<T> {
    const r = await call(method, path, body);
    if (r.status >= 200 && r.status < 300) return r.body as T;
    throw new SimCallError(`${method} ${path} answered ${r.status}: ${describeError(r.body)}`);
  }

  return { call, ok };
}
export type SimApi = ReturnType<typeof simApi>;

/** The default transport: a fetch (the global one, or one that trusts more CAs). */
function fetchTransport(send: FetchLike): SimTransport {
  return async (req) => {
    const res = await send(req.url, {
      method: req.method,
      headers: req.headers,
      body: req.body ?? undefined,
      signal: AbortSignal.timeout(req.timeoutMs),
    });
    return { status: res.status, text: await res.text() };
  };
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}

/** The provider API's error body in one line (`error_messages`, a control error's message, or the text). */
export function describeError(body: unknown): string {
  if (body && typeof body === 'object') {
    const b = body as { error_code?: string; error_messages?: string[]; message?: string };
    if (Array.isArray(b.error_messages)) return `${b.error_code ?? ''} ${b.error_messages.join('; ')}`.trim();
    if (typeof b.message === 'string') return b.message;
  }
  return typeof body === 'string' ? body.slice(0, 300) : (JSON.stringify(body)?.slice(0, 300) ?? '');
}
