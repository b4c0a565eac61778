import type { ParentLink } from './parent-link';

/*
 * The page and its frame: the iframe is as tall as the content (the merchant's page scrolls, never the
 * frame), and the customer's first touch of the checkout is `user_interacted`.
 */

/** Keeps the parent's iframe as tall as the content; returns the stop. */
export function syncHeight(doc: Document, link: ParentLink): () => void {
  if (link.status.kind !== 'framed') return () => undefined;
  doc.documentElement.classList.add('kco-framed');
  let last = -1;
  const send = () => {
    // The html element's own box: its content, not the frame's current height (which scrollHeight would be).
    const h = Math.ceil(doc.documentElement.getBoundingClientRect().height);
    if (h === last || h <= 0) return;
    last = h;
    link.post({ type: 'height', height: h });
  };
  const ro = new ResizeObserver(send);
  ro.observe(doc.documentElement);
  ro.observe(doc.body);
  send();
  return () => ro.disconnect();
}

export type InteractionType = 'mousedown' | 'keydown';

/** Calls `fn` once, on the first pointer press or key press in the page. */
export function onFirstInteraction(doc: Document, fn: (type: InteractionType) => void): () => void {
  const stop = () => {
    doc.removeEventListener('pointerdown', onPointer, true);
    doc.removeEventListener('keydown', onKey, true);
  };
  const onPointer = () => {
    stop();
    fn('mousedown');
  };
  const onKey = () => {
    stop();
    fn('keydown');
  };
  doc.addEventListener('pointerdown', onPointer, true);
  doc.addEventListener('keydown', onKey, true);
  return stop;
}
