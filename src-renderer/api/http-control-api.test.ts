import { describe, expect, it, vi } from 'vitest';
import { ControlApiError } from './control-api';
import { HttpControlApi, type EventSourceLike } from './http-control-api';

type Handler = (ev: MessageEvent | Event) => void;

/** A stand-in EventSource whose events the test fires by hand. */
class FakeEventSource implements EventSourceLike {
  readyState = 0;
  closed = false;
  readonly handlers = new Map<string, Set<Handler>>();
  constructor(readonly url: string) {}
  addEventListener(type: string, h: Handler) {
    if (!this.handlers.has(type)) this.handlers.set(type, new Set());
    this.handlers.get(type)!.add(h);
  }
  removeEventListener(type: string, h: Handler) {
    this.handlers.get(type)?.delete(h);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data?: string) {
    for (const h of this.handlers.get(type) ?? []) h({ type, data } as MessageEvent);
  }
}

const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function apiWith(fetchImpl: (url: string, init?: RequestInit) => Promise<Response>) {
  const sources: FakeEventSource[] = [];
  const fetchMock = vi.fn(fetchImpl);
  const api = new HttpControlApi({
    baseUrl: 'http://console.test',
    fetch: fetchMock as unknown as typeof fetch,
    createEventSource: (url) => {
      const s = new FakeEventSource(url);
      sources.push(s);
      return s;
    },
  });
  return { api, fetchMock, sources };
}

describe('HttpControlApi.invoke', () => {
  it('posts the input as JSON to /control/invoke/<op> and returns the value', async () => {
    const { api, fetchMock } = apiWith(async () => jsonResponse(200, { ok: true, value: [] }));
    await expect(api.invoke('orders.list', { limit: 5 })).resolves.toEqual([]);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('http://console.test/control/invoke/orders.list');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ limit: 5 });
  });

  it('sends {} for an op without input', async () => {
    const { api, fetchMock } = apiWith(async () => jsonResponse(200, { ok: true, value: null }));
    await api.invoke('app.info', undefined);
    expect(fetchMock.mock.calls[0]![1]?.body).toBe('{}');
  });

  it('maps an error envelope to a ControlApiError with its code and the HTTP status', async () => {
    const { api } = apiWith(async () =>
      jsonResponse(400, {
        ok: false,
        error: { code: 'invalid_input', message: 'orderId: must not be empty' },
      }),
    );
    const err = await api.invoke('orders.get', { orderId: '' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ControlApiError);
    expect(err).toMatchObject({ code: 'invalid_input', message: 'orderId: must not be empty', status: 400 });
  });

  it('maps a failed fetch to a network error', async () => {
    const { api } = apiWith(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(api.invoke('orders.list', {})).rejects.toMatchObject({ code: 'network' });
  });

  it('maps a body that is not JSON, or not an envelope, to bad_response', async () => {
    const html = apiWith(async () => new Response('<html>502</html>', { status: 502 }));
    await expect(html.api.invoke('orders.list', {})).rejects.toMatchObject({
      code: 'bad_response',
      status: 502,
    });
    const odd = apiWith(async () => jsonResponse(200, { value: 1 }));
    await expect(odd.api.invoke('orders.list', {})).rejects.toMatchObject({ code: 'bad_response' });
  });
});

describe('HttpControlApi.subscribe', () => {
  const summary = {
    order_id: 'o1',
    status: 'checkout_incomplete',
    purchase_country: 'SE',
    purchase_currency: 'SEK',
    order_amount: 50000,
    line_count: 1,
    created_at: '2025-01-01T00:00:00Z',
    updated_at: '2025-01-01T00:00:00Z',
  };

  it('shares one event stream between subscribers and delivers parsed payloads', () => {
    const { api, sources } = apiWith(async () => jsonResponse(200, {}));
    const a = vi.fn();
    const b = vi.fn();
    api.subscribe('order.created', a);
    api.subscribe('exchange.recorded', b);
    expect(sources).toHaveLength(1);
    expect(sources[0]!.url).toBe('http://console.test/control/events');

    sources[0]!.emit('order.created', JSON.stringify(summary));
    sources[0]!.emit(
      'exchange.recorded',
      JSON.stringify({ id: 'x1', order_id: null, kind: 'checkout.create' }),
    );
    expect(a).toHaveBeenCalledWith(summary);
    expect(b).toHaveBeenCalledWith({ id: 'x1', order_id: null, kind: 'checkout.create' });
  });

  it('drops malformed events instead of passing them on', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { api, sources } = apiWith(async () => jsonResponse(200, {}));
    const cb = vi.fn();
    api.subscribe('order.created', cb);
    sources[0]!.emit('order.created', 'not json');
    sources[0]!.emit('order.created', JSON.stringify({ order_id: 1 }));
    expect(cb).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it('closes the stream when the last subscriber leaves', () => {
    const { api, sources } = apiWith(async () => jsonResponse(200, {}));
    const off1 = api.subscribe('order.created', () => {});
    const off2 = api.subscribe('order.updated', () => {});
    off1();
    expect(sources[0]!.closed).toBe(false);
    off2();
    expect(sources[0]!.closed).toBe(true);
  });

  it('reports the stream state', () => {
    const { api, sources } = apiWith(async () => jsonResponse(200, {}));
    const states: string[] = [];
    api.onConnection((s) => states.push(s));
    api.subscribe('order.created', () => {});
    sources[0]!.emit('open');
    sources[0]!.emit('error');
    sources[0]!.readyState = 2;
    sources[0]!.emit('error');
    expect(states).toEqual(['connecting', 'open', 'connecting', 'closed']);
  });
});

describe('HttpControlApi stream recovery', () => {
  it('opens a new stream with the same listeners when the old one gives up', () => {
    const timers: Array<() => void> = [];
    const sources: FakeEventSource[] = [];
    const api = new HttpControlApi({
      baseUrl: 'http://console.test',
      fetch: (async () => jsonResponse(200, { ok: true, value: null })) as unknown as typeof fetch,
      createEventSource: (url) => {
        const s = new FakeEventSource(url);
        sources.push(s);
        return s;
      },
      setTimeout: (cb) => timers.push(cb),
    });
    const states: string[] = [];
    api.onConnection((s) => states.push(s));
    const got: unknown[] = [];
    api.subscribe('exchanges.cleared', (p) => got.push(p));
    sources[0]!.emit('open');
    // The server went away and came back with something else than the stream: EventSource gives up.
    sources[0]!.readyState = 2;
    sources[0]!.emit('error');
    expect(states).toEqual(['connecting', 'open', 'closed']);
    expect(timers).toHaveLength(1);
    timers[0]!();
    expect(sources[0]!.closed).toBe(true);
    expect(sources).toHaveLength(2);
    sources[1]!.emit('open');
    sources[1]!.emit('exchanges.cleared', JSON.stringify({ cleared: 3 }));
    expect(got).toEqual([{ cleared: 3 }]);
    expect(states.at(-1)).toBe('open');
  });
});
