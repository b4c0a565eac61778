/*
 * The bootstrap: the script an order's html_snippet loads into the merchant's page. It puts the checkout
 * into an iframe inside the snippet's container, keeps the iframe as tall as its content, carries the
 * JavaScript API (`window._klarnaCheckout(function (api) { … })`: suspend, resume, on) and sends the
 * merchant's page where the checkout says (the confirmation page, or a merchant's redirect). It runs on
 * any page, so it is one classic script with no dependencies, and touches nothing but its container.
 */
import { isMessage, KCO_MARK, type FrameToPage, type PageToFrame } from './protocol';

/** The object the snippet's inline script leaves on `window._klarnaCheckout.config`. */
interface SnippetConfig {
  container: HTMLElement | null;
  ORDER_URL: string;
  ORDER_ID: string;
}

type Handler = (
  data?: unknown,
  callback?: (answer?: { should_proceed?: unknown; message?: unknown }) => void,
) => void;

/** The API handed to `window._klarnaCheckout(function (api) { … })`, as the public documentation has it. */
interface CheckoutApi {
  suspend(options?: { autoResume?: { enabled?: boolean } }): void;
  resume(): void;
  on(handlers: Record<string, Handler>): void;
}

type Entry = ((fn: (api: CheckoutApi) => void) => void) & { q?: IArguments[]; config?: SnippetConfig };

declare global {
  interface Window {
    _klarnaCheckout?: Entry;
  }
}

const IFRAME_ID = 'klarna-checkout-iframe';

function start(): void {
  const entry = window._klarnaCheckout;
  const config = entry?.config;
  const container = config?.container;
  if (!entry || !config || !container || typeof config.ORDER_URL !== 'string') return;
  // Loaded twice for the same container (a page that renders the snippet again): keep the first iframe.
  if (container.querySelector(`iframe#${IFRAME_ID}`)) return;

  const address = new URL(config.ORDER_URL);
  const frameOrigin = address.origin;
  address.searchParams.set('origin', window.location.origin);

  const iframe = document.createElement('iframe');
  iframe.id = IFRAME_ID;
  iframe.name = IFRAME_ID;
  iframe.title = 'Checkout';
  iframe.src = address.toString();
  iframe.setAttribute('scrolling', 'no');
  iframe.setAttribute('frameborder', '0');
  iframe.style.cssText =
    'display:block;width:100%;height:520px;border:0;overflow:hidden;background:transparent;';
  container.appendChild(iframe);

  // One listener per event, as the documentation has it: a later api.on() for an event replaces the earlier.
  const handlers = new Map<string, Handler>();
  let ready = false;
  const outbox: PageToFrame[] = [];
  const post = (m: PageToFrame) => {
    if (ready && iframe.contentWindow) iframe.contentWindow.postMessage(m, frameOrigin);
    else outbox.push(m);
  };

  const api: CheckoutApi = {
    suspend(options) {
      post({ kco: KCO_MARK, type: 'suspend', autoResume: options?.autoResume?.enabled !== false });
    },
    resume() {
      post({ kco: KCO_MARK, type: 'resume' });
    },
    on(map) {
      if (typeof map !== 'object' || map === null) return;
      for (const [event, fn] of Object.entries(map)) {
        if (typeof fn !== 'function') continue;
        handlers.set(event, fn);
      }
    },
  };

  window.addEventListener('message', (e: MessageEvent) => {
    if (e.origin !== frameOrigin || e.source !== iframe.contentWindow) return;
    if (!isMessage<FrameToPage>(e.data)) return;
    const m = e.data;
    if (m.type === 'ready') {
      ready = true;
      for (const queued of outbox.splice(0)) post(queued);
    } else if (m.type === 'height') {
      const h = Math.max(0, Math.ceil(Number(m.height) || 0));
      if (h > 0) iframe.style.height = `${h}px`;
    } else if (m.type === 'event') {
      const fn = handlers.get(m.event);
      const reply = typeof m.reply === 'string' ? m.reply : null;
      // validation_callback's handler answers with its second argument; only the first answer counts.
      let answered = false;
      const callback = (answer?: { should_proceed?: unknown; message?: unknown }) => {
        if (reply === null || answered) return;
        answered = true;
        post({
          kco: KCO_MARK,
          type: 'validation_answer',
          reply,
          should_proceed: answer?.should_proceed,
          message: answer?.message,
        });
      };
      if (fn) {
        try {
          if (reply === null) fn(m.data);
          else fn(m.data, callback);
        } catch (err) {
          // A merchant's handler that throws must not stop the checkout.
          console.error(`_klarnaCheckout: the '${m.event}' handler threw`, err);
        }
      }
    } else if (m.type === 'navigate' && /^https?:\/\//i.test(m.url)) {
      window.location.assign(m.url);
    }
  });

  const run = (fn: unknown) => {
    if (typeof fn !== 'function') return;
    try {
      (fn as (api: CheckoutApi) => void)(api);
    } catch (err) {
      console.error('_klarnaCheckout: a callback threw', err);
    }
  };
  const queued = entry.q ?? [];
  const live: Entry = (fn) => run(fn);
  live.config = config;
  window._klarnaCheckout = live;
  for (const args of queued) run(args[0]);
}

start();
