// The bootstrap in a page made of plain objects: just enough window and document for its script, so that
// a wrong line in it fails here and not only in a Playwright spec. No DOM library: the script touches
// only `window` (message listener, location, _klarnaCheckout) and its container.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KCO_MARK } from './protocol';

const ORDER_URL = 'https://sim.test:8443/kco/frame/o-1?token=t';
const FRAME_ORIGIN = 'https://sim.test:8443';
const PAGE_ORIGIN = 'http://shop.test:3000';

interface FakeIframe {
  id: string;
  name: string;
  title: string;
  src: string;
  style: { cssText: string; height: string };
  attrs: Record<string, string>;
  setAttribute(k: string, v: string): void;
  contentWindow: { postMessage: ReturnType<typeof vi.fn> };
}

interface Page {
  container: {
    children: FakeIframe[];
    querySelector(sel: string): FakeIframe | null;
    appendChild(n: FakeIframe): void;
  };
  listeners: ((e: unknown) => void)[];
  assign: ReturnType<typeof vi.fn>;
  /** Delivers a message as if the iframe (or `source`/`origin`) sent it. */
  send(data: unknown, from?: { origin?: string; source?: unknown }): void;
  iframe(): FakeIframe;
  posted(): unknown[];
}

function fakeIframe(): FakeIframe {
  return {
    id: '',
    name: '',
    title: '',
    src: '',
    style: { cssText: '', height: '' },
    attrs: {},
    setAttribute(k, v) {
      this.attrs[k] = v;
    },
    contentWindow: { postMessage: vi.fn() },
  };
}

/** Puts a page on globalThis with the snippet's config (and any calls queued before the script ran). */
function makePage(q: unknown[][] = [], config: Record<string, unknown> | null = {}): Page {
  const children: FakeIframe[] = [];
  const container = {
    children,
    querySelector: (sel: string) =>
      sel === 'iframe#klarna-checkout-iframe'
        ? (children.find((c) => c.id === 'klarna-checkout-iframe') ?? null)
        : null,
    appendChild: (n: FakeIframe) => void children.push(n),
  };
  const listeners: ((e: unknown) => void)[] = [];
  const assign = vi.fn();
  const entry = Object.assign(() => undefined, {
    q: q.map((args) => args as unknown as IArguments),
    config: config === null ? undefined : { container, ORDER_URL, ORDER_ID: 'o-1', ...config },
  });
  vi.stubGlobal('window', {
    _klarnaCheckout: entry,
    location: { origin: PAGE_ORIGIN, assign },
    addEventListener: (type: string, fn: (e: unknown) => void) => {
      if (type === 'message') listeners.push(fn);
    },
  });
  vi.stubGlobal('document', { createElement: (tag: string) => (tag === 'iframe' ? fakeIframe() : null) });
  const page: Page = {
    container,
    listeners,
    assign,
    iframe: () => children[0]!,
    send(data, from = {}) {
      const e = {
        origin: from.origin ?? FRAME_ORIGIN,
        source: 'source' in from ? from.source : page.iframe().contentWindow,
        data,
      };
      for (const l of listeners) l(e);
    },
    posted: () => page.iframe().contentWindow.postMessage.mock.calls.map((c) => c[0]),
  };
  return page;
}

async function load(): Promise<void> {
  vi.resetModules();
  await import('./bootstrap');
}

type Api = {
  suspend(o?: unknown): void;
  resume(): void;
  on(h: unknown): void;
};

/** Calls `window._klarnaCheckout(fn)` as a merchant's page does after the script loaded. */
function withApi(): Api {
  let got: Api | undefined;
  (window as unknown as { _klarnaCheckout: (fn: (api: Api) => void) => void })._klarnaCheckout((api) => {
    got = api;
  });
  return got!;
}

const ready = { kco: KCO_MARK, type: 'ready' };
const event = (name: string, extra: Record<string, unknown> = {}) => ({
  kco: KCO_MARK,
  type: 'event',
  event: name,
  ...extra,
});

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('bootstrap: the iframe', () => {
  it('puts one iframe in the container, addressed to the order with the page origin', async () => {
    const page = makePage();
    await load();
    expect(page.container.children).toHaveLength(1);
    const f = page.iframe();
    expect([f.id, f.name, f.title]).toEqual(['klarna-checkout-iframe', 'klarna-checkout-iframe', 'Checkout']);
    const src = new URL(f.src);
    expect(src.origin + src.pathname).toBe('https://sim.test:8443/kco/frame/o-1');
    expect(src.searchParams.get('token')).toBe('t');
    expect(src.searchParams.get('origin')).toBe(PAGE_ORIGIN);
    expect(f.attrs).toEqual({ scrolling: 'no', frameborder: '0' });
    expect(f.style.cssText).toBe(
      'display:block;width:100%;height:520px;border:0;overflow:hidden;background:transparent;',
    );
  });

  it('keeps the first iframe when the script runs again for the same container', async () => {
    const page = makePage();
    await load();
    await load();
    expect(page.container.children).toHaveLength(1);
  });

  it('does nothing without a config, a container or an ORDER_URL', async () => {
    for (const config of [null, { container: null }, { ORDER_URL: 42 }]) {
      const page = makePage([], config);
      await load();
      expect(page.container.children).toHaveLength(0);
      expect(page.listeners).toHaveLength(0);
    }
    vi.stubGlobal('window', { location: { origin: PAGE_ORIGIN } });
    await expect(load()).resolves.toBeUndefined();
  });

  it('follows the height the checkout reports, rounded up, and ignores nonsense', async () => {
    const page = makePage();
    await load();
    page.send({ kco: KCO_MARK, type: 'height', height: 640.2 });
    expect(page.iframe().style.height).toBe('641px');
    for (const height of [0, -5, 'tall', null]) page.send({ kco: KCO_MARK, type: 'height', height });
    expect(page.iframe().style.height).toBe('641px');
  });

  it('navigates the page only to http(s) addresses', async () => {
    const page = makePage();
    await load();
    page.send({ kco: KCO_MARK, type: 'navigate', url: 'javascript:alert(1)' });
    page.send({ kco: KCO_MARK, type: 'navigate', url: 'javascript:alert("https://x")' });
    page.send({ kco: KCO_MARK, type: 'other', url: 'https://shop.test/not-a-navigation' });
    expect(page.assign).not.toHaveBeenCalled();
    page.send({ kco: KCO_MARK, type: 'navigate', url: 'http://shop.test/plain' });
    expect(page.assign).toHaveBeenCalledWith('http://shop.test/plain');
    page.send({ kco: KCO_MARK, type: 'navigate', url: 'HTTPS://shop.test/thanks' });
    expect(page.assign).toHaveBeenCalledWith('HTTPS://shop.test/thanks');
  });

  it("ignores messages from another origin, another window or without the simulator's mark", async () => {
    const page = makePage();
    await load();
    const height = { kco: KCO_MARK, type: 'height', height: 700 };
    page.send(height, { origin: 'https://evil.test' });
    page.send(height, { source: {} });
    page.send({ ...height, kco: 'other' });
    expect(page.iframe().style.height).toBe('');
  });
});

describe('bootstrap: the JavaScript API', () => {
  it('queues suspend and resume until the checkout is ready, then posts them to its origin in order', async () => {
    const page = makePage();
    await load();
    const api = withApi();
    api.suspend({});
    api.suspend();
    api.suspend({ autoResume: { enabled: false } });
    expect(page.posted()).toEqual([]);
    page.send(ready);
    api.resume();
    expect(page.posted()).toEqual([
      { kco: KCO_MARK, type: 'suspend', autoResume: true },
      { kco: KCO_MARK, type: 'suspend', autoResume: true },
      { kco: KCO_MARK, type: 'suspend', autoResume: false },
      { kco: KCO_MARK, type: 'resume' },
    ]);
    for (const call of page.iframe().contentWindow.postMessage.mock.calls) expect(call[1]).toBe(FRAME_ORIGIN);
  });

  it('runs the calls the page queued before the script loaded, and later calls at once', async () => {
    const first = vi.fn();
    const page = makePage([[first], ['not a function']]);
    await load();
    expect(first).toHaveBeenCalledTimes(1);
    expect(typeof (first.mock.calls[0]![0] as Api).on).toBe('function');
    const w = window as unknown as { _klarnaCheckout: { config?: unknown } };
    expect(w._klarnaCheckout.config).toMatchObject({ ORDER_ID: 'o-1' });
    expect(page.listeners).toHaveLength(1);
    expect(console.error).not.toHaveBeenCalled();
  });

  it('a callback that throws is reported and does not stop the next', async () => {
    const next = vi.fn();
    makePage([
      [
        () => {
          throw new Error('boom');
        },
      ],
      [next],
    ]);
    await load();
    expect(next).toHaveBeenCalledTimes(1);
    expect(console.error).toHaveBeenCalledWith('_klarnaCheckout: a callback threw', expect.any(Error));
  });

  it('api.on: a later handler for an event replaces the earlier (one listener per event)', async () => {
    const page = makePage();
    await load();
    const api = withApi();
    const earlier = vi.fn();
    const later = vi.fn();
    const other = vi.fn();
    api.on({ shipping_option_change: earlier, load: other });
    api.on({ shipping_option_change: later, ignored: 'not a function' });
    page.send(event('shipping_option_change', { data: { id: 'express' } }));
    expect(earlier).not.toHaveBeenCalled();
    expect(later).toHaveBeenCalledTimes(1);
    expect(later).toHaveBeenCalledWith({ id: 'express' });
    expect(other).not.toHaveBeenCalled();
    // No object of handlers (a merchant's mistake): ignored without a throw, the handlers kept.
    for (const nothing of [null, undefined, 'load']) api.on(nothing);
    page.send(event('load'));
    expect(other).toHaveBeenCalledTimes(1);
    // Not a function, or no handler at all: nothing is called, nothing is reported.
    page.send(event('ignored'));
    page.send(event('nobody_listens'));
    expect(console.error).not.toHaveBeenCalled();
  });

  it("validation_callback: the handler's first answer is posted back with its reply id, later ones dropped", async () => {
    const page = makePage();
    await load();
    page.send(ready);
    const api = withApi();
    api.on({
      validation_callback: (_data: unknown, cb: (a: unknown) => void) => {
        cb({ should_proceed: false, message: 'Out of stock' });
        cb({ should_proceed: true });
      },
    });
    page.send(event('validation_callback', { reply: 'r-7' }));
    expect(page.posted()).toEqual([
      {
        kco: KCO_MARK,
        type: 'validation_answer',
        reply: 'r-7',
        should_proceed: false,
        message: 'Out of stock',
      },
    ]);
  });

  it('validation_callback answered with no argument posts an answer with nothing in it', async () => {
    const page = makePage();
    await load();
    page.send(ready);
    withApi().on({ validation_callback: (_d: unknown, cb: () => void) => cb() });
    page.send(event('validation_callback', { reply: 'r-8' }));
    expect(page.posted()).toEqual([
      {
        kco: KCO_MARK,
        type: 'validation_answer',
        reply: 'r-8',
        should_proceed: undefined,
        message: undefined,
      },
    ]);
  });

  it('an event without a reply id gets no callback; a handler that throws is reported', async () => {
    const page = makePage();
    await load();
    page.send(ready);
    const api = withApi();
    const seen: unknown[] = [];
    api.on({
      change: (...args: unknown[]) => {
        seen.push(args);
        throw new Error('merchant bug');
      },
    });
    page.send(event('change', { data: { email: 'a@b.c' }, reply: 5 }));
    expect(seen).toEqual([[{ email: 'a@b.c' }]]);
    expect(page.posted()).toEqual([]);
    expect(console.error).toHaveBeenCalledWith(
      "_klarnaCheckout: the 'change' handler threw",
      expect.any(Error),
    );
  });
});
