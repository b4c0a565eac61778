/** @jsxImportSource preact */
import { render } from 'preact';
import { createApi } from './api';
import { App } from './App';
import { parseConfig } from './config';
import { setOrderLocale } from './format';
import { createEmitter, type Emitter } from './events';
import { onFirstInteraction, syncHeight } from './page-sync';
import { parentFacts, parentLink, parentStatus } from './parent-link';
import { FullPage } from './ui';
import './frame.css';
import './sections.css';
import './form.css';
import './shipping.css';
import './receipt.css';

/*
 * The checkout page inside the merchant's iframe: reads what the simulator put in the document, renders
 * the order, keeps the iframe as tall as the page; the checkout's state (use-checkout.ts) says `ready` once it
 * listens to the merchant's page.
 */

function boot(): void {
  const root = document.getElementById('kco-root');
  if (!root) return;
  // Announcements come from the page's own status regions: a live region around everything would read it all out.
  root.removeAttribute('aria-live');
  const config = parseConfig(document.getElementById('kco-config')?.textContent);
  const link = parentLink(
    window,
    parentStatus(parentFacts(window, config?.parentOrigin ?? null, config?.allowedOrigins ?? [])),
  );
  syncHeight(document, link);
  setOrderLocale(config?.view.locale ?? null);
  root.textContent = '';
  if (!config) {
    render(
      <FullPage
        title="The checkout could not start"
        text="This page has no checkout configuration. Load the checkout from the order's html_snippet."
        testId="kco-fatal"
      />,
      root,
    );
    return;
  }
  const api = createApi({
    orderId: config.orderId,
    token: config.token,
    onNetworkError: () => emitter.emit([{ event: 'network_error', data: {} }]),
  });
  const status = link.status;
  const emitter: Emitter = createEmitter(
    status.kind === 'blocked'
      ? null
      : (e) =>
          link.post({
            type: 'event',
            event: e.event,
            ...(e.data !== undefined ? { data: e.data } : {}),
            ...(e.reply !== undefined ? { reply: e.reply } : {}),
          }),
    (e) =>
      void api
        .clientEvent({
          event: e.event,
          data: e.data,
          origin: status.kind === 'framed' ? status.origin : null,
        })
        .catch(() => undefined),
  );
  render(<App config={config} api={api} link={link} emitter={emitter} root={root} />, root);
  onFirstInteraction(document, (type) => emitter.emit([{ event: 'user_interacted', data: { type } }]));
}

boot();
