import { type RefObject, useLayoutEffect, useState } from 'react';

/** The element's content width in CSS pixels, following resizes; `fallback` until it is measured. */
export function useElementWidth(ref: RefObject<HTMLElement | null>, fallback = 900): number {
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setWidth(Math.max(240, Math.floor(el.getBoundingClientRect().width)));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}
