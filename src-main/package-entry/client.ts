import { trustingFetch } from '../net/tls/trusting-fetch';
import type { Exchange, Fired, StepAnswer, TestClock, TestHelpersClient } from './public';

/** A /test_helpers call that did not answer 2xx: its status and the API's error body. */
export class TestHelpersError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'TestHelpersError';
  }
}

const DEFAULT = { username: 'merchant', password: 'secret' };

/** A typed client of a simulator's /test_helpers, with its Basic credentials (default merchant / secret). */
export function testHelpers(target: {
  api: string;
  credentials?: { username: string; password: string };
  ca?: string;
}): TestHelpersClient {
  // An https simulator whose CA the process does not trust yet (NODE_EXTRA_CA_CERTS is read at start-up).
  const fetch = target.ca ? trustingFetch([target.ca]) : globalThis.fetch;
  const base = target.api.replace(/\/+$/, '');
  const { username, password } = target.credentials ?? DEFAULT;
  const authorization = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(base + path, {
      method,
      headers: { authorization, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    const parsed: unknown = text ? JSON.parse(text) : null;
    if (!res.ok) {
      const messages = (parsed as { error_messages?: string[] } | null)?.error_messages ?? [];
      throw new TestHelpersError(
        `${method} ${path} answered ${res.status}: ${messages.join('; ') || text.slice(0, 200)}`,
        res.status,
        parsed,
      );
    }
    return parsed as T;
  };
  const order = (id: string) => `/test_helpers/checkout/orders/${encodeURIComponent(id)}`;
  const clock = (id: string) => `/test_helpers/test_clocks/${encodeURIComponent(id)}`;
  return {
    steps: {
      country: (id, country) => call<StepAnswer>('POST', `${order(id)}/country`, { country }),
      address: (id, input) => call<StepAnswer>('POST', `${order(id)}/address`, input),
      shippingOption: (id, option) =>
        call<StepAnswer>('POST', `${order(id)}/shipping_option`, { id: option }),
      complete: (id, input = {}) => call<StepAnswer>('POST', `${order(id)}/complete`, input),
    },
    clocks: {
      create: (input = {}) => call<TestClock>('POST', '/test_helpers/test_clocks', input),
      get: (id) => call<TestClock>('GET', clock(id)),
      list: async () =>
        (await call<{ test_clocks: TestClock[] }>('GET', '/test_helpers/test_clocks')).test_clocks,
      advance: (id, by) =>
        call<TestClock & { fired: Fired[]; fired_total: number }>('POST', `${clock(id)}/advance`, by),
      bind: (id, what) => call<TestClock>('POST', `${clock(id)}/bindings`, what),
      delete: (id) => call<{ deleted: true; released: number }>('DELETE', clock(id)),
    },
    exchanges: async (orderId) => {
      const q = orderId === undefined ? '' : `?order_id=${encodeURIComponent(orderId)}`;
      return (await call<{ exchanges: Exchange[] }>('GET', `/test_helpers/exchanges${q}`)).exchanges;
    },
  };
}
