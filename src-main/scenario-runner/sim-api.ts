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
}

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
  const send = target.fetch ?? fetch;

  async function call(method: string, path: string, body?: unknown): Promise<SimAnswer> {
    let res: Response;
    try {
      res = await send(base + path, {
        method,
        headers: {
          authorization,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(120_000),
      });
    } catch (err) {
      const cause = (err as { cause?: { message?: string } }).cause?.message ?? (err as Error).message;
      throw new SimCallError(`the simulator at ${base} did not answer ${method} ${path}: ${cause}`, {
        cause: err,
      });
    }
    const text = await res.text();
    return { status: res.status, body: parseJson(text) };
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
