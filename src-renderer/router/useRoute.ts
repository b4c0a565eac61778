import { useMemo, useSyncExternalStore } from 'react';
import { parseHash, type Route } from './routes';

/** Fired by replaceHash, which changes the address without a hashchange event. */
const REPLACED = 'sim:hash-replaced';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  window.addEventListener(REPLACED, onChange);
  return () => {
    window.removeEventListener('hashchange', onChange);
    window.removeEventListener(REPLACED, onChange);
  };
}

const getHash = () => window.location.hash;

/** The current route; re-renders on every hash change (links, back/forward, typed URLs). */
export function useRoute(): Route {
  const hash = useSyncExternalStore(subscribe, getHash);
  return useMemo(() => parseHash(hash), [hash]);
}

/**
 * Replaces the current hash without a history entry (typing in a filter does not fill the back button),
 * and tells useRoute: the address is the page's state, so a reload or a copied link shows the same view.
 */
export function replaceHash(hash: string): void {
  if (window.location.hash === hash) return;
  window.history.replaceState(window.history.state, '', hash);
  window.dispatchEvent(new Event(REPLACED));
}
