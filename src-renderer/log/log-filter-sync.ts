import { useUiStore } from '../app/ui-store';
import { parseHash } from '../router/routes';

/**
 * A `#/log?order=<id>` link (from an order page, or pasted) seeds the log filter. This runs outside
 * React, before the first render and on every hash change, so the log never renders unfiltered first.
 */
export function startLogFilterSync(win: Window = window): () => void {
  const seed = () => {
    const route = parseHash(win.location.hash);
    if (route.name === 'log' && route.orderId !== undefined)
      useUiStore.getState().setLogFilter(route.orderId);
  };
  seed();
  win.addEventListener('hashchange', seed);
  return () => win.removeEventListener('hashchange', seed);
}
