import type { ClientEvent, CustomerStepAnswer, CustomerView } from '@shared/schemas/customer.schema';
import type { Problem } from './address-form';

/*
 * The checkout page's own API (same origin, the order's customer token): the view, the steps, the pickup
 * search and the log of client-side events. Every failure becomes an ApiError that says whether the
 * network failed or the server answered an error, with the server's message and field problems.
 */

export const NETWORK_MESSAGE = 'The checkout could not be reached. Check your connection and try again.';

export type StepPath = 'country' | 'address' | 'shipping_option' | 'complete';

export class ApiError extends Error {
  constructor(
    /** `network`: no answer at all; `http`: the server answered an error status. */
    readonly kind: 'network' | 'http',
    readonly status: number,
    readonly code: string,
    message: string,
    readonly problems: readonly Problem[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The token or the order is no longer valid: the whole page says so. */
  get fatal(): boolean {
    return this.kind === 'http' && [403, 404, 410].includes(this.status);
  }
}

/** An error answer (`{"error":{code,message,problems}}`, or anything else) as an ApiError. */
export function errorFrom(status: number, body: unknown): ApiError {
  const e = (body as { error?: { code?: unknown; message?: unknown; problems?: unknown } } | null)?.error;
  const code = typeof e?.code === 'string' ? e.code : `HTTP_${status}`;
  const message =
    typeof e?.message === 'string' && e.message !== ''
      ? e.message
      : `The checkout answered ${status}. Please try again.`;
  const problems = Array.isArray(e?.problems)
    ? (e.problems as unknown[]).flatMap((p) => {
        const x = p as { path?: unknown; message?: unknown };
        return typeof x?.path === 'string' && typeof x.message === 'string'
          ? [{ path: x.path, message: x.message }]
          : [];
      })
    : [];
  return new ApiError('http', status, code, message, problems);
}

function parseJson(text: string): unknown {
  try {
    return text === '' ? null : JSON.parse(text);
  } catch {
    return null;
  }
}

export interface PickupSearchAnswer {
  outcome: 'applied' | 'failed';
  message: string;
  locations_found: Record<string, number>;
  view: CustomerView;
}

export interface CheckoutApi {
  view(): Promise<CustomerView>;
  step(path: StepPath, input: unknown): Promise<CustomerStepAnswer>;
  pickupSearch(postalCode: string): Promise<PickupSearchAnswer>;
  /** The customer checks or unchecks an additional checkbox. */
  checkbox(key: string, checked: boolean): Promise<{ view: CustomerView }>;
  clientEvent(ev: ClientEvent): Promise<void>;
  /** The live view's address (EventSource sends no headers: the token goes in the query). */
  eventsUrl(): string;
}

export interface ApiOptions {
  orderId: string;
  token: string;
  /** Told of each request that got no answer at all (the `network_error` event). */
  onNetworkError?: () => void;
  fetch?: typeof fetch;
}

export function createApi(o: ApiOptions): CheckoutApi {
  const base = `/kco/api/orders/${encodeURIComponent(o.orderId)}`;
  const doFetch = o.fetch ?? ((...a: Parameters<typeof fetch>) => fetch(...a));

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown, quiet = false): Promise<T> {
    let res: Response;
    try {
      res = await doFetch(base + path, {
        method,
        headers: {
          Authorization: `KlarnaCheckout ${o.token}`,
          ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        cache: 'no-store',
      });
    } catch {
      if (!quiet) o.onNetworkError?.();
      throw new ApiError('network', 0, 'NETWORK', NETWORK_MESSAGE);
    }
    const text = await res.text().catch(() => '');
    const json = parseJson(text);
    if (!res.ok) throw errorFrom(res.status, json);
    return json as T;
  }

  return {
    view: () => call<CustomerView>('GET', ''),
    step: (path, input) => call<CustomerStepAnswer>('POST', `/${path}`, input),
    pickupSearch: (postal_code) => call<PickupSearchAnswer>('POST', '/pickup_search', { postal_code }),
    checkbox: (key, checked) => call<{ view: CustomerView }>('POST', '/checkbox', { key, checked }),
    // Logging an event must not announce a network error of its own (nor loop on one).
    clientEvent: (ev) => call<void>('POST', '/client_events', ev, true),
    eventsUrl: () => `${base}/events?token=${encodeURIComponent(o.token)}`,
  };
}
